// Signs in the two callers the API fuzz uses, through the gateway at argv[2], and prints their
// tokens as shell assignments: a member registered on the fly (e-mail code read from MailDev) and
// an executive admin (created with the admin service's CLI the first time, then signed in).
const { execFileSync } = require('node:child_process');
const { randomUUID } = require('node:crypto');
const path = require('node:path');

const base = process.argv[2] || 'http://localhost:8080';
const mailBase = process.env.MAILDEV_URL || 'http://127.0.0.1:1080';
const root = path.resolve(__dirname, '../..');
const ADMIN_EMAIL = process.env.FUZZ_ADMIN_EMAIL || 'fuzz-admin@example.test';
const ADMIN_PASSWORD = process.env.FUZZ_ADMIN_PASSWORD || 'fuzz-admin-password-local';

async function post(url, body) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => ({})) };
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
  return token;
}

async function admin() {
  const login = () => post('/api/admin/login', { email: ADMIN_EMAIL, password: ADMIN_PASSWORD });
  let res = await login();
  if (res.status === 401) {
    execFileSync(
      process.execPath,
      [
        path.join(root, 'services/admin/dist/cli/create-admin.js'),
        '--email',
        ADMIN_EMAIL,
        '--role',
        'executive',
        '--password',
        ADMIN_PASSWORD,
      ],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
        env: { ...process.env, MONGO_DB_PREFIX: process.env.MONGO_DB_PREFIX || 'swapbooth_' },
      },
    );
    res = await login();
  }
  const token = res.body?.data?.adminToken;
  if (!token) throw new Error(`admin login answered ${res.status}: ${JSON.stringify(res.body)}`);
  return token;
}

Promise.all([member(), admin()])
  .then(([m, a]) => console.log(`MEMBER_TOKEN=${m}\nADMIN_TOKEN=${a}`))
  .catch((err) => {
    console.error(err.message);
    process.exit(1);
  });
