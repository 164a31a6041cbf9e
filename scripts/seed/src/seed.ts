/**
 * Seeds a believable demo marketplace through the services' HTTP APIs (never their databases):
 * verified members across the US, each with a profile, a default address, a booth and about ten
 * published listings with photos; then likes and exchange-bag items between them.
 *
 * Idempotent: every member signs in first and only what is missing is created, so a re-run on a
 * seeded stack changes nothing and finishes in seconds.
 *
 * Then demo trades around member01 (trades.ts), through the payment and exchange services.
 *
 * Then member01 becomes an approved math-trade organiser (organiser.ts), approved by a demo admin.
 * Then member06…member08 put want lists that close a cycle, so they are offered a trade circle (circles.ts).
 *
 * Environment: AUTH_URL, CATALOG_URL, PAYMENT_URL, EXCHANGE_URL, ADMIN_URL, ADMIN_SEED_ACCOUNTS,
 * MAILDEV_URL, SEED_PASSWORD, SEED_MEMBERS, SEED_CONCURRENCY.
 */
import { Api, ApiError, errorText, putBytes, stats } from './http';
import { renderAvatar, renderListingImage, type RenderedImage } from './images';
import { planListings, type Category, type PlannedListing } from './listings';
import { MailBox } from './mail';
import { planMembers, rosterSize, type Member } from './people';
import { Random } from './random';
import { Session, type AccountOutcome } from './session';
import { seedOrganiser } from './organiser';
import { seedTrades } from './trades';
import { CIRCLE_MEMBERS, seedCircle } from './circles';
import { seedingRefusal } from './production-guard';

const env = process.env;
const url = (v: string | undefined, fallback: string) =>
  (v?.trim() || fallback).replace(/\/+$/, '');
const count = (v: string | undefined, fallback: number, max: number) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
};

const config = {
  authUrl: url(env.AUTH_URL, 'http://127.0.0.1:4001'),
  catalogUrl: url(env.CATALOG_URL, 'http://127.0.0.1:4002'),
  exchangeUrl: url(env.EXCHANGE_URL, 'http://127.0.0.1:4004'),
  paymentUrl: url(env.PAYMENT_URL, 'http://127.0.0.1:4007'),
  adminUrl: url(env.ADMIN_URL, 'http://127.0.0.1:4008'),
  maildevUrl: url(env.MAILDEV_URL, 'http://127.0.0.1:1080'),
  password: env.SEED_PASSWORD || 'swapbooth-demo',
  members: count(env.SEED_MEMBERS, rosterSize, rosterSize),
  concurrency: count(env.SEED_CONCURRENCY, 4, 16),
  emailDomain: 'demo.swapbooth.test',
  /** Listings of one member created at the same time. */
  listingConcurrency: 2,
};

const auth = new Api('auth', config.authUrl);
const catalog = new Api('catalog', config.catalogUrl);
const exchange = new Api('exchange', config.exchangeUrl);
const payment = new Api('payment', config.paymentUrl);
const admin = new Api('admin', config.adminUrl);
const mail = new MailBox(config.maildevUrl);

interface ProductView {
  product_id: string;
  title: string;
  category: string;
  user_id: string;
  booth?: { booth_id: string };
}

/** What the public listing pages already show about a member. */
interface Known {
  published: number;
  booth: boolean;
}
interface ProductPage {
  products: ProductView[];
  totalCount: number;
  totalPages: number;
}

interface MemberResult {
  member: Member;
  session: Session;
  account: AccountOutcome;
  profile: 'kept' | 'saved';
  booth: 'kept' | 'opened';
  listings: number;
  listingsCreated: number;
}

/**
 * Runs `fn` over the items, at most `limit` at a time, in order of the list. After a failure no
 * new item is started; the first error is thrown once the running ones have settled.
 */
async function runPool<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next < items.length) {
      try {
        await fn(items[next++]!);
      } catch (err) {
        failed = true;
        throw err;
      }
    }
  };
  const settled = await Promise.allSettled(
    Array.from({ length: Math.min(limit, items.length) }, worker),
  );
  const rejected = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected) throw rejected.reason;
}

const slug = (s: string) =>
  s
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 48) || 'image';

/** Uploads an image through the presigned flow; returns its public URL. */
async function upload(
  s: Session,
  img: RenderedImage,
  folderType: 'products' | 'profile-pics',
  name: string,
): Promise<string> {
  const { body } = await s.call<{
    presignedUrl: string;
    s3ObjectUrl: string;
    headers?: Record<string, string>;
  }>(catalog, 'POST', '/api/images/upload-url', {
    body: {
      fileName: `${name}.${img.ext}`,
      fileType: img.contentType,
      folderType,
      userId: s.userId,
      fileSize: img.bytes.length,
    },
  });
  const ticket = body.data;
  if (!ticket?.presignedUrl || !ticket.s3ObjectUrl) throw new Error('upload-url gave no URL');
  const target = ticket.presignedUrl.startsWith('/')
    ? `${catalog.base}${ticket.presignedUrl}`
    : ticket.presignedUrl;
  await putBytes(target, img.bytes, ticket.headers ?? { 'Content-Type': img.contentType });
  return ticket.s3ObjectUrl;
}

/** Profile and default address, saved once (SPEC §3 save payload). */
async function ensureProfile(s: Session, m: Member): Promise<'kept' | 'saved'> {
  const { body } = await s.call<{
    user_profile?: { first_name?: string | null; profile_image?: string | null };
    default_address?: { address_id: string } | null;
  }>(auth, 'GET', '/api/profile');
  const profile = body.data?.user_profile;
  if (profile?.first_name && body.data?.default_address?.address_id) return 'kept';
  let profileImage = profile?.profile_image ?? undefined;
  if (!profileImage) {
    const avatar = await renderAvatar(`${m.firstName[0]}${m.lastName[0]}`, m.n);
    const uploaded = await upload(s, avatar, 'profile-pics', `${m.username}-avatar`);
    // Only absolute URLs are accepted as a profile image (local-disk storage gives relative ones).
    if (/^https?:\/\//.test(uploaded)) profileImage = uploaded;
  }
  await s.call(auth, 'PUT', '/api/profile', {
    body: {
      userId: s.userId,
      firstName: m.firstName,
      lastName: m.lastName,
      phone: m.phone,
      dob: m.dob,
      ...(profileImage ? { profileImage } : {}),
      country: 'US',
      state: m.state,
      city: m.city,
      zipCode: m.zipCode,
      street1: m.street1,
      ...(m.street2 ? { street2: m.street2 } : {}),
      fullName: `${m.firstName} ${m.lastName}`,
      addressPhone: m.phone,
    },
  });
  return 'saved';
}

async function defaultAddressId(s: Session): Promise<string> {
  const { body } = await s.call<{ address_id: string; is_default: boolean }[]>(
    auth,
    'GET',
    '/api/addresses',
  );
  const list = body.data ?? [];
  const chosen = list.find((a) => a.is_default) ?? list[0];
  if (!chosen) throw new Error('no address after saving the profile');
  return chosen.address_id;
}

/** The member's booth; a taken username or name falls back to a variant. */
async function ensureBooth(
  s: Session,
  m: Member,
  addressId: () => Promise<string>,
): Promise<'kept' | 'opened'> {
  const found = await catalog.request('GET', `/api/booth/${s.userId}`, { accept: [404] });
  if (found.status === 200) return 'kept';
  const usernames = [m.username, `${m.username}${m.n}`, `${m.username}.${m.zipCode}`];
  const names = [m.boothName, `${m.boothName} ${m.city}`, `${m.firstName} ${m.lastName} Swaps`];
  let [u, n] = [0, 0];
  while (u < usernames.length && n < names.length) {
    const res = await s.call(catalog, 'POST', '/api/booth', {
      body: {
        name: names[n],
        description: m.boothDescription,
        interests: m.interests,
        user_id: s.userId,
        username: usernames[u],
        address_id: await addressId(),
      },
      accept: [409],
    });
    if (res.status !== 409) return 'opened';
    const why = res.body.message ?? '';
    if (/already have a booth/i.test(why)) return 'kept';
    if (/username/i.test(why)) u++;
    else if (/name/i.test(why)) n++;
    else throw new Error(`booth: ${why}`);
  }
  throw new Error('booth: every username and name variant is taken');
}

/** All of a member's listings (their own view: every status but removed). */
async function ownListings(s: Session): Promise<ProductView[]> {
  const out: ProductView[] = [];
  for (let page = 1; ; page++) {
    const { body } = await s.call<ProductPage>(
      catalog,
      'GET',
      `/api/profile/user/${s.userId}/products?limit=100&page=${page}`,
    );
    out.push(...(body.data?.products ?? []));
    if (page >= (body.data?.totalPages ?? 1)) return out;
  }
}

async function createListing(s: Session, p: PlannedListing, addressId: string): Promise<void> {
  const subtitle = p.subCategory ? `${p.category} · ${p.subCategory}` : p.category;
  const images = await Promise.all(
    Array.from({ length: p.imageCount }, async (_, i) => {
      const img = await renderListingImage(p.catId, p.caption, subtitle, i);
      const imageUrl = await upload(s, img, 'products', `${slug(p.title)}-${i + 1}`);
      return { image_url: imageUrl, is_default: i === 0, display_order: i + 1 };
    }),
  );
  await s.call(catalog, 'POST', '/api/product', {
    body: {
      title: p.title,
      description: p.description,
      category: p.category,
      ...(p.subCategory ? { subCategory: p.subCategory } : {}),
      ...(p.brand ? { brand: p.brand } : {}),
      ...(p.condition ? { condition: p.condition } : {}),
      ...(p.color ? { color: p.color } : {}),
      type: p.type,
      ...(p.weight !== undefined ? { weight: p.weight } : {}),
      tags: p.tags,
      images,
      addressId,
      status: 'published',
      userId: s.userId,
      user_id: s.userId,
    },
  });
}

/** Creates the planned listings whose titles are missing, never growing past the plan's size. */
async function ensureListings(
  s: Session,
  plan: PlannedListing[],
  addressId: () => Promise<string>,
): Promise<{ total: number; created: number }> {
  // The count is cheaper than the list, and on a seeded stack it is all that is needed.
  const { body } = await s.call<{ count: number }>(
    catalog,
    'GET',
    `/api/product/count/user/${s.userId}`,
  );
  const count = body.data?.count ?? 0;
  if (count >= plan.length) return { total: count, created: 0 };
  const existing = await ownListings(s);
  const titles = new Set(existing.map((p) => p.title.toLowerCase()));
  const room = Math.max(0, plan.length - existing.length);
  const missing = plan.filter((p) => !titles.has(p.title.toLowerCase())).slice(0, room);
  const address = await addressId();
  await runPool(missing, config.listingConcurrency, (p) => createListing(s, p, address));
  return { total: existing.length + missing.length, created: missing.length };
}

async function seedMember(
  m: Member,
  categories: Category[],
  known: Map<string, Known>,
): Promise<MemberResult> {
  const session = new Session(m, config.password, auth, mail);
  const account = await session.open();
  const profile = await ensureProfile(session, m);
  // Asked for only when something is created with it.
  let address: Promise<string> | undefined;
  const addressId = () => (address ??= defaultAddressId(session));
  const plan = planListings(m, categories, new Random(`count:${m.n}`).int(8, 12));
  // On a seeded stack the public listing pages already prove the booth and listings exist.
  const seen = known.get(session.userId);
  const booth = seen?.booth ? 'kept' : await ensureBooth(session, m, addressId);
  const listings =
    seen && seen.published >= plan.length
      ? { total: seen.published, created: 0 }
      : await ensureListings(session, plan, addressId);
  return {
    member: m,
    session,
    account,
    listings: listings.total,
    listingsCreated: listings.created,
    profile,
    booth,
  };
}

/** Every published listing on the marketplace. */
async function allPublished(): Promise<ProductView[]> {
  const out: ProductView[] = [];
  for (let page = 1; ; page++) {
    const { body } = await catalog.request<ProductPage>(
      'GET',
      `/api/product/published?limit=100&page=${page}`,
    );
    out.push(...(body.data?.products ?? []));
    if (page >= (body.data?.totalPages ?? 1)) return out;
  }
}

/**
 * Each member likes a handful of other members' listings (favoring their own interests' categories)
 * and puts a few in their exchange bag, topping up to the planned numbers only.
 */
async function engage(
  r: MemberResult,
  listings: () => Promise<ProductView[]>,
  catIdOf: Map<string, string>,
): Promise<{ likesAdded: number; bagAdded: number }> {
  const s = r.session;
  const rand = new Random(`engage:${r.member.n}`);
  const likeTarget = rand.int(6, 10);
  const bagTarget = rand.int(2, 4);
  // Likes come before the bag, so a full bag means this member was done on an earlier run.
  const bagCount = await s.call<{ count: number }>(
    catalog,
    'GET',
    `/api/products/${s.userId}/bag-count`,
  );
  const bagged = bagCount.body.data?.count ?? 0;
  if (bagged >= bagTarget) return { likesAdded: 0, bagAdded: 0 };
  const likedRes = await s.call<ProductView[]>(catalog, 'GET', `/api/product/${s.userId}/liked`);
  const liked = new Set((likedRes.body.data ?? []).map((p) => p.product_id));

  const favored = new Set(
    r.member.persona.focus.map((f) => f.split('/')[0]).filter((id): id is string => !!id),
  );
  // Weighted shuffle: listings in the member's favored categories tend to come first.
  const ranked = (await listings())
    .filter((p) => p.user_id !== s.userId)
    .map((p) => {
      const weight = favored.has(catIdOf.get(p.category) ?? '') ? 4 : 1;
      return { p, key: rand.next() ** (1 / weight) };
    })
    .sort((a, b) => b.key - a.key)
    .map((x) => x.p);

  let likesAdded = 0;
  for (const p of ranked) {
    if (liked.size >= likeTarget) break;
    if (liked.has(p.product_id)) continue;
    const res = await s.call(catalog, 'POST', `/api/product/${p.product_id}/like/${s.userId}`, {
      accept: [400, 404, 409],
    });
    if (res.status === 200) {
      liked.add(p.product_id);
      likesAdded++;
    }
  }

  let bagAdded = 0;
  const bagRes = await s.call<{ products: ProductView[] }[]>(
    catalog,
    'GET',
    `/api/product/${s.userId}/bag`,
  );
  const inBag = new Set(
    (bagRes.body.data ?? []).flatMap((g) => g.products.map((p) => p.product_id)),
  );
  // What one likes is what one wants to swap for: the bag draws from the likes first.
  const bagCandidates = [...ranked.filter((p) => liked.has(p.product_id)), ...ranked];
  for (const p of bagCandidates) {
    if (inBag.size >= bagTarget) break;
    if (inBag.has(p.product_id)) continue;
    const res = await s.call(
      catalog,
      'POST',
      `/api/product/${p.product_id}/add-to-bag/${s.userId}`,
      { accept: [400, 404, 409] },
    );
    if (res.status === 200) {
      inBag.add(p.product_id);
      bagAdded++;
    }
  }
  return { likesAdded, bagAdded };
}

async function ready(api: Api): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const ok = await fetch(`${api.base}/readyz`, { signal: AbortSignal.timeout(3000) })
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`${api.name} is not ready at ${api.base}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function main(): Promise<number> {
  const started = Date.now();
  const secs = (from = started) => ((Date.now() - from) / 1000).toFixed(1);
  await Promise.all([ready(auth), ready(catalog)]);
  const categories = (await catalog.request<Category[]>('GET', '/api/categories')).body.data;
  if (!categories?.length) throw new Error('catalog returned no categories');
  const members = planMembers(config.members, config.emailDomain);
  console.log(
    `seeding ${members.length} demo members (${categories.length} categories) via ${config.authUrl} and ${config.catalogUrl}`,
  );

  // One read of the public listing pages tells which members are already fully seeded.
  const before = await allPublished();
  const known = new Map<string, Known>();
  for (const p of before) {
    const k = known.get(p.user_id) ?? { published: 0, booth: false };
    known.set(p.user_id, { published: k.published + 1, booth: k.booth || !!p.booth?.booth_id });
  }

  const results: MemberResult[] = [];
  const failures: string[] = [];
  let done = 0;
  await runPool(members, config.concurrency, async (m) => {
    const t0 = Date.now();
    const n = () => `[${String(++done).padStart(2)}/${members.length}]`;
    try {
      const r = await seedMember(m, categories, known);
      results.push(r);
      const what = [
        r.account === 'existing' ? 'signed in' : `account ${r.account}`,
        `profile ${r.profile}`,
        `booth ${r.booth}`,
        `${r.listings} listings${r.listingsCreated ? ` (+${r.listingsCreated})` : ''}`,
      ].join(', ');
      const place = `${m.city}, ${m.state}`;
      console.log(
        `  ${n()} ${m.tag} ${m.username.padEnd(12)} ${place.padEnd(20)} ${what}  ${secs(t0)}s`,
      );
    } catch (err) {
      const why = err instanceof ApiError ? err.message : errorText(err);
      failures.push(`${m.tag}: ${why}`);
      console.error(`  ${n()} ${m.tag} FAILED: ${why}`);
    }
  });

  results.sort((a, b) => a.member.n - b.member.n);
  const listingNew = results.reduce((n, r) => n + r.listingsCreated, 0);
  const engageStarted = Date.now();
  const seeded = new Set(results.map((r) => r.session.userId));
  // Likes and bags stay among the demo members. Listings are read again only if some were added,
  // and only when a member still needs likes or bag items.
  let pool: Promise<ProductView[]> | undefined;
  const listings = () =>
    (pool ??= (listingNew ? allPublished() : Promise.resolve(before)).then((all) =>
      all.filter((p) => seeded.has(p.user_id)),
    ));
  const catIdOf = new Map(categories.map((c) => [c.category, c.cat_id]));
  const totals = { likes: 0, bag: 0, complete: 0 };
  await runPool(results, config.concurrency, async (r) => {
    try {
      const e = await engage(r, listings, catIdOf);
      totals.likes += e.likesAdded;
      totals.bag += e.bagAdded;
      if (!e.likesAdded && !e.bagAdded) totals.complete++;
    } catch (err) {
      failures.push(`${r.member.tag} likes/bag: ${errorText(err)}`);
    }
  });
  console.log(
    `  likes and bags: +${totals.likes} likes, +${totals.bag} bag items` +
      (totals.complete ? ` (${totals.complete} members already had theirs)` : '') +
      `  ${secs(engageStarted)}s`,
  );

  // Demo trades need member01…member05; a smaller roster has none.
  const tradesStarted = Date.now();
  let tradeTotals = { proposals: 0, ratings: 0 };
  if (config.members >= 5) {
    try {
      await Promise.all([ready(exchange), ready(payment)]);
      const t = await seedTrades({
        exchange,
        payment,
        sessions: new Map(results.map((r) => [r.member.n, r.session])),
        listingsOf: async (userId) => (await listings()).filter((p) => p.user_id === userId),
      });
      tradeTotals = t;
      console.log(
        (t.trades === 'kept'
          ? '  trades: member01 already has proposals'
          : t.trades === 'no-sandbox'
            ? '  trades: skipped, payment runs with Stripe rather than its sandbox'
            : `  trades: ${t.subscribed} members subscribed, +${t.proposals} proposals, +${t.ratings} ratings`) +
          `  ${secs(tradesStarted)}s`,
      );
    } catch (err) {
      const why = err instanceof ApiError ? err.message : errorText(err);
      failures.push(`trades: ${why}`);
      console.error(`  trades FAILED: ${why}`);
    }
  } else {
    console.log('  trades: skipped, they need at least 5 members');
  }

  // member01 organises math trades (asked with its booth, approved by a demo admin).
  const member01 = results.find((r) => r.member.n === 1);
  if (member01) {
    try {
      await Promise.all([ready(exchange), ready(admin)]);
      const o = await seedOrganiser({
        exchange,
        admin,
        session: member01.session,
        adminAccounts: env.ADMIN_SEED_ACCOUNTS,
      });
      console.log(
        o === 'kept'
          ? `  organiser: ${member01.member.tag} already organises math trades`
          : o === 'approved'
            ? `  organiser: ${member01.member.tag} approved to organise math trades`
            : '  organiser: skipped, no seeded admin may approve organisers',
      );
    } catch (err) {
      const why = err instanceof ApiError ? err.message : errorText(err);
      failures.push(`organiser: ${why}`);
      console.error(`  organiser FAILED: ${why}`);
    }
  }

  // member06…member08 close a want-list cycle: the matcher offers them a trade circle.
  if (config.members >= Math.max(...CIRCLE_MEMBERS)) {
    try {
      await ready(exchange);
      const c = await seedCircle({
        exchange,
        sessions: new Map(results.map((r) => [r.member.n, r.session])),
        listingsOf: async (userId) => (await listings()).filter((p) => p.user_id === userId),
      });
      console.log(
        c.circle === 'kept'
          ? '  circle: member06 already has want lists'
          : c.circle === 'proposed'
            ? `  circle: member06, member07 and member08 were offered a trade circle ${c.seconds!.toFixed(1)}s after their want lists closed the cycle`
            : '  circle: want lists set; no circle proposed within 30 s (is the exchange matcher running?)',
      );
    } catch (err) {
      const why = err instanceof ApiError ? err.message : errorText(err);
      failures.push(`circle: ${why}`);
      console.error(`  circle FAILED: ${why}`);
    }
  } else {
    console.log('  circle: skipped, it needs at least 8 members');
  }

  const created = results.filter((r) => r.account !== 'existing').length;
  const listingTotal = results.reduce((n, r) => n + r.listings, 0);
  console.log(
    `seed ${failures.length ? 'finished with failures' : 'done'} in ${secs()}s: ` +
      `${results.length}/${members.length} members (${created} new), ` +
      `${listingTotal} listings (${listingNew} new), ${totals.likes} likes and ${totals.bag} bag items added, ` +
      `${tradeTotals.proposals} proposals and ${tradeTotals.ratings} ratings added, ` +
      `${stats.requests} requests` +
      (results.length ? `; sign in as ${members[0]!.email} / ${config.password}` : ''),
  );
  for (const f of failures) console.error(`  failed: ${f}`);
  return failures.length ? 1 : 0;
}

const refusal = seedingRefusal(env);
if (refusal) {
  console.error(`seed refused: ${refusal}`);
  process.exit(2);
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`seed failed: ${errorText(err)}`);
    process.exit(1);
  },
);
