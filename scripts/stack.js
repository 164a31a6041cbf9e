// Starts every service and the gateway as child processes, waits until each answers /readyz,
// seeds demo data once, prints where to open the app, and stops everything on Ctrl-C.
//
// The children always log JSON; this script prints it for a person (LOG_FORMAT=pretty, the default):
// one short coloured line per record, API calls once each as the gateway's line, and neither the
// services' own access lines nor the gateway's successful static-file lines. LOG_FORMAT=json passes
// every JSON line through unchanged. Other output (crashes, runtime warnings) is printed as it is,
// after the name of the process it came from.
const { spawn } = require('node:child_process');
const path = require('node:path');
const fs = require('node:fs');

const root = path.resolve(__dirname, '..');
// Built by tsc -b with the packages; it has no dependencies of its own.
const { formatRecord, isRequestRecord, parseLogLine } = require(
  path.join(root, 'packages/service-kit/dist/log-format.js'),
);
const logFormat = process.env.LOG_FORMAT || 'pretty';
if (logFormat !== 'json' && logFormat !== 'pretty') {
  console.error(`LOG_FORMAT must be json or pretty, not "${logFormat}"`);
  process.exit(2);
}
const forced = process.env.FORCE_COLOR;
const color = process.stdout.isTTY
  ? process.stdout.hasColors()
  : forced !== undefined && forced !== '0' && forced !== 'false';
// The one list of services and their ports (packages/contracts, built by tsc -b).
const { serviceRegistry } = require(path.join(root, 'packages/contracts/dist/services.js'));
const services = serviceRegistry.map((s) => [s.name, s.port]);
// Red and yellow are left to errors and warnings.
const colors = [36, 32, 34, 35, 96, 92, 94, 95, 37];
const NAME_WIDTH = 12;
const children = [];
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV || 'development',
  MONGO_DB_PREFIX: process.env.MONGO_DB_PREFIX || 'swapbooth_',
  APP_URL: process.env.APP_URL || 'http://localhost:8080',
  CORS_ORIGIN: process.env.CORS_ORIGIN || 'http://localhost:5173',
  KAFKAJS_NO_PARTITIONER_WARNING: '1',
  LOG_FORMAT: 'json',
  // The demo admins (README): an executive, and a staff member who may only moderate listings.
  ADMIN_SEED_ACCOUNTS:
    process.env.ADMIN_SEED_ACCOUNTS ??
    (process.env.SKIP_SEED === '1'
      ? ''
      : 'executive@demo.swapbooth.test|swapbooth-admin-demo|executive|;' +
        'listings@demo.swapbooth.test|swapbooth-staff-demo|staff|products'),
};
for (const s of serviceRegistry) env[s.urlSetting] = `http://127.0.0.1:${s.port}`;

/** Whether a person watching npm start wants to see this record. */
function worthShowing(name, rec) {
  if (!isRequestRecord(rec)) return true;
  // Every API call passes the gateway, which logs it with its status and time.
  if (name !== 'gateway') return false;
  const url = (rec.req && rec.req.url) || '';
  return url.startsWith('/api/') || ((rec.res && rec.res.statusCode) || 0) >= 400;
}

const paint = (code, text) => (color ? `\x1b[${code}m${text}\x1b[0m` : text);
const clock = () => new Date().toTimeString().slice(0, 8);

function printLine(name, nameColor, line, out) {
  if (logFormat === 'json' && line.startsWith('{')) return out.write(`${line}\n`);
  const rec = logFormat === 'pretty' ? parseLogLine(line) : undefined;
  if (rec) {
    if (worthShowing(name, rec)) {
      out.write(
        `${formatRecord(rec, { color, serviceColor: nameColor, nameWidth: NAME_WIDTH })}\n`,
      );
    }
    return;
  }
  if (line.trim() === '') return;
  out.write(`${paint(2, clock())} ${paint(nameColor, name.padEnd(NAME_WIDTH))} ${line}\n`);
}

function relayLines(name, nameColor, stream, out) {
  let buf = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    buf += chunk;
    const lines = buf.split('\n');
    buf = lines.pop();
    for (const line of lines) printLine(name, nameColor, line, out);
  });
  stream.on('end', () => {
    if (buf) printLine(name, nameColor, buf, out);
  });
}

function start(name, entry, extraEnv, i) {
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  relayLines(name, colors[i % colors.length], child.stdout, process.stdout);
  relayLines(name, colors[i % colors.length], child.stderr, process.stderr);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} exited (${signal || code}); stopping the stack`);
      stop(1);
    }
  });
  children.push({ name, child });
}

async function waitReady(name, url, timeoutMs = 120000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline)
      throw new Error(`${name} not ready after ${timeoutMs / 1000}s (${url})`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) child.kill('SIGTERM');
  await Promise.all(
    children.map(
      ({ child }) =>
        new Promise((r) =>
          child.exitCode !== null || child.signalCode ? r() : child.once('exit', r),
        ),
    ),
  );
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

(async () => {
  services.forEach(([name, port], i) =>
    start(name, `services/${name}/dist/main.js`, { PORT: String(port) }, i),
  );
  await Promise.all(
    services.map(([name, port]) => waitReady(name, `http://127.0.0.1:${port}/readyz`)),
  );
  start('gateway', 'gateway/dist/main.js', { PORT: process.env.PORT || '8080' }, services.length);
  await waitReady('gateway', 'http://127.0.0.1:8080/readyz');
  const seed = path.join(root, 'scripts/seed/dist/seed.js');
  if (fs.existsSync(seed) && process.env.SKIP_SEED !== '1') {
    const code = await new Promise((r) =>
      spawn(process.execPath, [seed], { cwd: root, env, stdio: 'inherit' }).on('exit', r),
    );
    if (code !== 0) console.error('demo data could not be seeded; the marketplace runs without it');
  }
  const health = await fetch('http://127.0.0.1:8080/api/admin/health')
    .then((r) => r.json())
    .catch(() => ({}));
  console.log(`
  Swapbooth is running (platform health: ${health.status || 'unknown'})

    App ............ http://localhost:8080
    API ............ http://localhost:8080/api
    E-mails ........ ${env.MAILDEV_URL || 'http://127.0.0.1:1080'}  (MailDev: sign-up codes and reset links)

  Ctrl-C stops everything.
`);
})().catch((err) => {
  console.error(err.message);
  stop(1);
});
