// Signs in the two callers the API fuzz uses, through the gateway at argv[2], and prints their
// tokens as shell assignments: a member registered on the fly (e-mail code read from MailDev) and
// an executive admin (created with the admin service's CLI the first time, then signed in).
// With argv[3], it also seeds what the operations with ids in their paths look for (a second
// member, their addresses, stores and listings, a proposal and its conversation, a follow, a
// notification, a report, a staff admin) and writes to argv[3], per operation, the real ids its
// path and query parameters can take (scripts/fuzz/hooks.py puts them into the cases generated to
// fit the schema):
// without them, nearly every call with an id in its path answers 404.
const { execFileSync } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');

const base = process.argv[2] || 'http://localhost:8080';
const mailBase = process.env.MAILDEV_URL || 'http://127.0.0.1:1080';
const root = path.resolve(__dirname, '../..');
const ADMIN_EMAIL = process.env.FUZZ_ADMIN_EMAIL || 'fuzz-admin@example.test';
const ADMIN_PASSWORD = process.env.FUZZ_ADMIN_PASSWORD || 'fuzz-admin-password-local';
/** The admin whose role, status and password the admin fuzz changes (never the one it runs as). */
const STAFF_EMAIL = 'fuzz-staff@example.test';

async function call(method, url, body, token) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
}

const post = (url, body, token) => call('POST', url, body, token);

/** The call's data, or an error naming the call and its answer. */
async function data(method, url, body, token) {
  const res = await call(method, url, body, token);
  if (res.status >= 300) {
    throw new Error(`${method} ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  return res.body.data;
}

/** What `probe` returns once it returns something, polled until the deadline (events travel). */
async function eventually(what, probe, ms = 30_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined && found !== null && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not seen within ${ms / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function mailCode(to, deadline) {
  for (;;) {
    const mails = await (await fetch(`${mailBase}/email`)).json();
    const mail = mails
      .filter((m) => m.to.some((t) => t.address.toLowerCase() === to))
      .sort((a, b) => Date.parse(b.date) - Date.parse(a.date))[0];
    const code = mail && /\b(\d{6})\b/.exec(mail.text || '')?.[1];
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`no e-mail code reached ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function member() {
  const email = `fuzz-${randomUUID().slice(0, 8)}@example.test`;
  const password = `fuzz ${randomUUID()}`;
  const reg = await post('/api/auth/register', { email, password, authMethod: 'email' });
  if (reg.status !== 201)
    throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const otp = await mailCode(email, Date.now() + 60_000);
  const verified = await post('/api/auth/verify-otp', { email, otp });
  const token = verified.body?.data?.token;
  if (!token)
    throw new Error(`verify-otp answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  return { token, id: verified.body.data.user.user_id, email };
}

/** Creates an admin account with the admin service's CLI. */
function createAdmin(email, role, password, stderr = 'inherit') {
  execFileSync(
    process.execPath,
    [
      path.join(root, 'services/admin/dist/cli/create-admin.js'),
      '--email',
      email,
      '--role',
      role,
      '--password',
      password,
    ],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', stderr],
      env: { ...process.env, MONGO_DB_PREFIX: process.env.MONGO_DB_PREFIX || 'swapbooth_' },
    },
  );
}

async function admin() {
  const login = () => post('/api/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  let res = await login();
  if (res.status === 401) {
    createAdmin(ADMIN_EMAIL, 'executive', ADMIN_PASSWORD);
    res = await login();
  }
  const token = res.body?.data?.adminToken;
  if (!token) throw new Error(`admin login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return token;
}

/** An address, a store and a published listing of a member; their ids. */
async function storeWithListing(m, name) {
  const address = await data(
    'POST',
    '/api/addresses',
    {
      state: 'NY',
      city: 'New York',
      zip_code: '10001',
      street1: '1 Fuzz Street',
      is_default: true,
    },
    m.token,
  );
  const username = `${name}${m.id.slice(-6)}`.toLowerCase().replace(/[^a-z0-9]/g, '');
  const booth = await data(
    'POST',
    '/api/booth',
    {
      name: `${name} ${m.id.slice(-6)}`,
      description: 'A store the API fuzz opened.',
      interests: ['books', 'board games'],
      username,
      address_id: address.address_id,
    },
    m.token,
  );
  const listing = await data(
    'POST',
    '/api/product',
    {
      // No word the benchmarks search for (bench:web searches "lamp").
      title: `${name} listing ${m.id.slice(-6)}`,
      description: 'A listing the API fuzz made.',
      category: 'Furniture',
      subCategory: 'Lighting',
      type: 'item',
      condition: 'good',
      addressId: address.address_id,
      status: 'published',
    },
    m.token,
  );
  // A second address, for the fuzz to delete while the first stays in use.
  const spare = await data(
    'POST',
    '/api/addresses',
    { state: 'NY', city: 'New York', zip_code: '10001', street1: '2 Fuzz Street' },
    m.token,
  );
  return {
    addressId: address.address_id,
    spareAddressId: spare.address_id,
    boothId: booth.booth_id,
    username,
    productId: listing.product_id,
    slug: listing.slug,
  };
}

/** A Checkout and an Identity session of the member in the local payment sandbox; their ids. */
async function sandboxSessions(m) {
  const own = await eventually('the payment customer', async () => {
    const res = await call('GET', `/api/user-stripe-data/${m.id}`, undefined, m.token);
    return res.body?.data?.customer_id ? res.body.data : undefined;
  });
  const plans = await data('GET', '/api/stripe/plans');
  const checkout = await call(
    'POST',
    '/api/stripe/create-checkout-session',
    { priceId: plans[0].priceId, customerId: own.customer_id, userId: m.id },
    m.token,
  );
  const identity = await call(
    'POST',
    '/api/stripe/create-verification-session',
    { userId: m.id, cusId: own.customer_id },
    m.token,
  );
  const inSandbox = (res, page) => (res.body?.url ?? '').includes(`/api/stripe/sandbox/${page}/`);
  return {
    customerId: own.customer_id,
    ...(inSandbox(checkout, 'checkout') ? { checkoutId: checkout.body.sessionId } : {}),
    ...(inSandbox(identity, 'identity') ? { identityId: identity.body.sessionId } : {}),
  };
}

/**
 * The data the operations with ids in their paths look for, made through the API as members and
 * an admin would; each operation's real path and query parameters.
 */
async function seed(me, adminToken) {
  const other = await member();
  const [mine, theirs] = await Promise.all([
    storeWithListing(me, 'fuzzme'),
    storeWithListing(other, 'fuzzother'),
  ]);
  // Exchange learns of listings from catalog's events: the proposal waits for them.
  const proposal = await eventually('the proposal', async () => {
    const res = await post(
      '/api/exchange/proposal',
      {
        receiverId: other.id,
        requestedProductIds: [theirs.productId],
        offeredProductIds: [mine.productId],
        message: 'A proposal the API fuzz sent.',
      },
      me.token,
    );
    if (res.status === 201 || res.status === 200) return res.body.data;
    if (res.status >= 500) throw new Error(`proposal answered ${res.status}`);
    return undefined;
  });
  const proposalId = proposal.proposal_id;
  await data('POST', '/api/following/follow', { followingUserId: me.id }, other.token);
  await data('POST', '/api/following/follow', { followingUserId: other.id }, me.token);
  await data('POST', `/api/product/${theirs.productId}/add-to-bag/${me.id}`, undefined, me.token);
  await data('POST', `/api/product/${theirs.productId}/like/${me.id}`, undefined, me.token);
  await data(
    'POST',
    '/api/reports',
    { targetType: 'product', targetId: theirs.productId, reason: 'spam' },
    me.token,
  );
  await call('POST', '/api/circles/organiser', undefined, other.token);
  const conversationId = await eventually('the conversation', async () => {
    const res = await call('GET', `/api/chat/proposal/${proposalId}`, undefined, me.token);
    return res.body?.data?.conversation?.conversation_id;
  });
  const notificationId = await eventually('a notification', async () => {
    const res = await call('GET', `/api/notifications/user/${me.id}`, undefined, me.token);
    return res.body?.data?.[0]?.notification_id;
  });
  const reportId = await eventually('the report', async () => {
    const res = await call('GET', '/api/admin/reports', undefined, adminToken);
    return res.body?.data?.reports?.find((r) => r.target_id === theirs.productId)?.report_id;
  });
  try {
    createAdmin(STAFF_EMAIL, 'staff', `fuzz ${randomUUID()}`, 'ignore');
  } catch {
    // It exists from an earlier run.
  }
  const payment = await sandboxSessions(me).catch((err) => {
    // Stripe itself, or no sandbox: the payment operations keep their generated ids.
    console.error(`no sandbox sessions for the fuzz: ${err.message}`);
    return {};
  });
  const admins = await data('GET', '/api/admin/admins', undefined, adminToken);
  const staffId = admins.admins.find((a) => a.email === STAFF_EMAIL)?.admin_id;

  const paths = {
    'GET /api/address/{id}': { id: mine.addressId },
    'DELETE /api/address/{id}': { id: mine.spareAddressId },
    'PUT /api/addresses/{id}': { id: mine.addressId },
    'PUT /api/addresses/default/{id}': { id: mine.addressId },
    'GET /api/default-address/{userId}': { userId: me.id },
    'PUT /api/booth/{id}': { id: mine.boothId },
    'GET /api/booth/{userId}': { userId: other.id },
    'GET /api/booth/username/{username}': { username: theirs.username },
    'POST /api/booth/views/{id}': { id: theirs.boothId },
    'GET /api/booth/views/{id}': { id: mine.boothId },
    'PUT /api/chat/chat/{id}/read': { id: conversationId },
    'GET /api/chat/conversation/{id}': { id: conversationId },
    'GET /api/chat/conversations/{id}/messages': { id: conversationId },
    'GET /api/chat/proposal/{id}': { id: proposalId },
    'POST /api/chat/proposal/{id}/message': { id: proposalId },
    'GET /api/chat/user/{id}/chats': { id: me.id },
    'PUT /api/circles/wants/{productId}': { productId: mine.productId },
    'DELETE /api/circles/wants/{productId}': { productId: mine.productId },
    'GET /api/exchange/proposal/{id}': { id: proposalId },
    'POST /api/exchange/proposal/{id}/counter': { id: proposalId },
    'PUT /api/exchange/proposal/{id}/shipping-status': { id: proposalId },
    'PUT /api/exchange/proposal/{id}/status': { id: proposalId },
    'GET /api/exchange/proposal/product/{id}': { id: theirs.productId },
    'GET /api/exchange/user/{id}/proposals': { id: me.id },
    'GET /api/exchange/user/{id}/stats': { id: me.id },
    'GET /api/following/followers/{id}': { id: other.id },
    'GET /api/following/following/{id}': { id: other.id },
    'GET /api/following/status/{id}': { id: other.id },
    'PUT /api/notifications/{id}/read': { id: notificationId },
    'GET /api/notifications/user/{id}': { id: me.id },
    'GET /api/product/{id}': { id: theirs.productId },
    'PUT /api/product/{id}': { id: mine.productId },
    'POST /api/product/{id}/add-to-bag/{userId}': { id: theirs.productId, userId: me.id },
    'POST /api/product/{id}/like/{userId}': { id: theirs.productId, userId: me.id },
    'DELETE /api/product/{id}/unlike/{userId}': { id: theirs.productId, userId: me.id },
    'GET /api/product/{userId}/bag': { userId: me.id },
    'GET /api/product/{userId}/liked': { userId: me.id },
    'DELETE /api/product/{userId}/remove-to-bag/{productId}': {
      userId: me.id,
      productId: theirs.productId,
    },
    'GET /api/product/booth/{username}': { username: theirs.username },
    'GET /api/product/count/user/{userId}': { userId: me.id },
    'GET /api/product/published-by-user/{userId}': { userId: other.id },
    'GET /api/product/slug/{slug}': { slug: theirs.slug },
    'GET /api/products/{userId}/bag-count': { userId: me.id },
    'GET /api/profile/user/{userId}/products': { userId: me.id },
    'GET /api/rating/proposal/{id}': { id: proposalId },
    'GET /api/rating/user/{id}': { id: other.id },
    'GET /api/user-stripe-data/{userId}': { userId: me.id },
    ...(payment.customerId
      ? { 'GET /api/stripe/subscriptions/{customerId}': { customerId: payment.customerId } }
      : {}),
    ...(payment.checkoutId
      ? {
          'GET /api/stripe/sandbox/checkout/{id}': { id: payment.checkoutId },
          'POST /api/stripe/sandbox/checkout/{id}/pay': { id: payment.checkoutId },
          'POST /api/stripe/sandbox/checkout/{id}/decline': { id: payment.checkoutId },
          'POST /api/stripe/sandbox/checkout/{id}/cancel': { id: payment.checkoutId },
        }
      : {}),
    ...(payment.identityId
      ? {
          'GET /api/stripe/verify-session-status/{id}': { id: payment.identityId },
          'GET /api/stripe/sandbox/identity/{id}': { id: payment.identityId },
          'POST /api/stripe/sandbox/identity/{id}/verify': { id: payment.identityId },
          'POST /api/stripe/sandbox/identity/{id}/fail': { id: payment.identityId },
          'POST /api/stripe/sandbox/identity/{id}/cancel': { id: payment.identityId },
        }
      : {}),
    'GET /api/user/email/{email}': { email: other.email },
    'PUT /api/admin/organisers/{userId}': { userId: other.id },
    'PATCH /api/admin/products/{id}/status': { id: theirs.productId },
    'PATCH /api/admin/reports/{id}': { id: reportId },
    'PATCH /api/admin/users/{id}/status': { id: other.id },
    ...(staffId
      ? {
          'PATCH /api/admin/admins/{id}': { id: staffId },
          'PATCH /api/admin/admins/{id}/status': { id: staffId },
          'POST /api/admin/admins/{id}/password-reset': { id: staffId },
        }
      : {}),
  };
  const ops = {};
  for (const [op, params] of Object.entries(paths)) ops[op] = { path: params };
  // Every other step of the proposal (confirming, disputing, more time) takes its id too.
  ops['/api/exchange/proposal/{id}/*'] = { path: { id: proposalId } };
  // The member's listing stays published through the edits: one removing it would turn every
  // later case of the operation into a 404.
  ops['PUT /api/product/{id}'].body = { status: 'published' };
  for (const op of ['POST /api/following/follow', 'POST /api/following/unfollow']) {
    ops[op] = { body: { followingUserId: other.id } };
  }
  // The chat reads name their reader in the query too.
  for (const op of [
    'GET /api/chat/conversation/{id}',
    'GET /api/chat/conversations/{id}/messages',
    'GET /api/chat/proposal/{id}',
  ]) {
    ops[op].query = { userId: me.id };
  }
  return ops;
}

(async () => {
  const [me, adminToken] = await Promise.all([member(), admin()]);
  const seedsFile = process.argv[3];
  if (seedsFile) {
    let ops = {};
    try {
      ops = await seed(me, adminToken);
    } catch (err) {
      // The fuzz still runs, with generated ids only.
      console.error(`seeding the fuzz's data stopped: ${err.message}`);
    }
    fs.writeFileSync(seedsFile, JSON.stringify(ops, null, 2));
    console.error(`real ids for ${Object.keys(ops).length} operations in ${seedsFile}`);
  }
  console.log(`MEMBER_TOKEN=${me.token}\nADMIN_TOKEN=${adminToken}`);
})().catch((err) => {
  console.error(err.message);
  process.exit(1);
});
