// Starts every service and the gateway as child processes, waits until each answers /readyz,
// seeds demo data once, prints where to open the app, and stops everything on Ctrl-C.
//
// Each process is supervised (scripts/supervisor.js): one that crashes is started again after a
// delay that doubles with each crash in a row (1 s, 2 s, 4 s … up to 30 s), while the others keep
// serving and the gateway answers 502 for the one that is down. One that crashes five times in a
// row, each within a minute of starting, is given up on with a message saying so; the rest keep
// running. SUPERVISE_BACKOFF_MS, SUPERVISE_MAX_BACKOFF_MS, SUPERVISE_STABLE_MS and
// SUPERVISE_MAX_FAST_CRASHES change those figures. STACK_SERVICES (a comma-separated list) starts
// only some services, and STACK_PORT_OFFSET moves every service's port, so a second stack can run
// beside the first (with PORT for the gateway). REPLICAS_<NAME>=N (e.g. REPLICAS_EXCHANGE=2) runs N
// processes of a service, each on its own port (scripts/replicas.js), each supervised on its own;
// the service's URL setting lists them all and the gateway takes them in turn.
//
// The children always log JSON; this script prints it for a person (LOG_FORMAT=pretty, the default):
// one short coloured line per record, API calls once each as the gateway's line, and neither the
// services' own access lines nor the gateway's successful static-file lines. LOG_FORMAT=json passes
// every JSON line through unchanged. Other output (crashes, runtime warnings) is printed as it is,
// after the name of the process it came from.
const { spawn } = require('node:child_process');
const path = require('node:path');
const fs = require('node:fs');
const { Supervisor, supervisionSettings } = require('./supervisor');
const { replicaPlan, replicaUrls } = require('./replicas');

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
const portOffset = Number(process.env.STACK_PORT_OFFSET || 0);
const only = (process.env.STACK_SERVICES || '')
  .split(',')
  .map((n) => n.trim())
  .filter(Boolean);
for (const name of only) {
  if (!serviceRegistry.some((s) => s.name === name)) {
    console.error(`STACK_SERVICES names an unknown service: ${name}`);
    process.exit(2);
  }
}
let plan;
try {
  plan = replicaPlan(
    serviceRegistry.filter((s) => only.length === 0 || only.includes(s.name)),
    process.env,
    portOffset,
  );
} catch (err) {
  console.error(err.message);
  process.exit(2);
}
// [label, service, port] of every process: one per service unless REPLICAS_<NAME> asks for more.
const services = plan.map((p) => [p.label, p.service, p.port]);
const gatewayPort = Number(process.env.PORT || 8080);
// npm run observe: where the metrics store finds every process (file_sd_configs JSON, each target its
// metrics port, the process's port + 1000), written before they start so none is missed.
if (process.env.SCRAPE_TARGETS_FILE) {
  const targets = [...plan.map((p) => [p.label, p.port]), ['gateway', gatewayPort]].map(
    ([label, port]) => ({ targets: [`127.0.0.1:${port + 1000}`], labels: { process: label } }),
  );
  fs.mkdirSync(path.dirname(process.env.SCRAPE_TARGETS_FILE), { recursive: true });
  fs.writeFileSync(process.env.SCRAPE_TARGETS_FILE, `${JSON.stringify(targets, null, 2)}\n`);
}
let settings;
try {
  settings = supervisionSettings();
} catch (err) {
  console.error(err.message);
  process.exit(2);
}
// Red and yellow are left to errors and warnings.
const colors = [36, 32, 34, 35, 96, 92, 94, 95, 37];
const NAME_WIDTH = 12;
/** @type {Supervisor[]} */
const supervisors = [];
const env = {
  ...process.env,
  NODE_ENV: process.env.NODE_ENV || 'development',
  MONGO_DB_PREFIX: process.env.MONGO_DB_PREFIX || 'swapbooth_',
  APP_URL: process.env.APP_URL || 'http://localhost:8080',
  CORS_ORIGIN: process.env.CORS_ORIGIN || 'http://localhost:5173',
  KAFKAJS_NO_PARTITIONER_WARNING: '1',
  LOG_FORMAT: 'json',
  // The admin's Platform page reads the gateway's metrics on its port + 1000 (the services' follow
  // their URL settings).
  GATEWAY_METRICS_URL:
    process.env.GATEWAY_METRICS_URL ?? `http://127.0.0.1:${gatewayPort + 1000}/metrics`,
  // Without a Stripe key, payments run in the local sandbox: it must be asked for, as it lets anyone
  // subscribe or verify free (the payment service refuses it when NODE_ENV=production).
  PAYMENT_SANDBOX:
    process.env.PAYMENT_SANDBOX ?? (process.env.STRIPE_SECRET_KEY ? 'false' : 'true'),
  // The demo admins (README): an executive, and a staff member who may only moderate listings.
  // Never in production, where the admin service refuses them (and the seed script refuses to run).
  ADMIN_SEED_ACCOUNTS:
    process.env.ADMIN_SEED_ACCOUNTS ??
    (process.env.SKIP_SEED === '1' || process.env.NODE_ENV === 'production'
      ? ''
      : 'executive@demo.swapbooth.test|swapbooth-admin-demo|executive|;' +
        'listings@demo.swapbooth.test|swapbooth-staff-demo|staff|products'),
};
// A service left out of STACK_SERVICES may run elsewhere: its URL setting is kept when given.
for (const s of serviceRegistry) {
  const here = only.length === 0 || only.includes(s.name);
  env[s.urlSetting] =
    (!here && process.env[s.urlSetting]) ||
    replicaUrls(plan, s.name) ||
    `http://127.0.0.1:${s.port + portOffset}`;
}

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

/** A line of this script's own, in the form of the children's lines (JSON or for a person). */
function note(level, msg, fields = {}) {
  const out = level >= 40 ? process.stderr : process.stdout;
  if (logFormat === 'json') {
    return out.write(
      `${JSON.stringify({ level, time: Date.now(), service: 'stack', msg, ...fields })}\n`,
    );
  }
  const mark = level >= 50 ? paint(31, 'ERROR ') : level >= 40 ? paint(33, 'WARN ') : '';
  out.write(`${paint(2, clock())} ${paint(1, 'stack'.padEnd(NAME_WIDTH))} ${mark}${msg}\n`);
}

const seconds = (ms) => `${(ms / 1000).toFixed(ms < 10000 ? 1 : 0)}s`;

/** Starts one process under supervision; `readyUrl` is polled after each restart to say it is back. */
function start(name, entry, extraEnv, i, readyUrl) {
  const nameColor = colors[i % colors.length];
  const supervisor = new Supervisor(
    name,
    () => {
      const child = spawn(process.execPath, [entry], {
        cwd: root,
        env: { ...env, ...extraEnv },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      relayLines(name, nameColor, child.stdout, process.stdout);
      relayLines(name, nameColor, child.stderr, process.stderr);
      return child;
    },
    settings,
  );
  let crashedAt = 0;
  supervisor.on('started', (child, run) => {
    if (run === 1) return;
    note(30, `${name} restarted (pid ${child.pid}, start ${run})`, {
      child: name,
      pid: child.pid,
      run,
    });
    const since = crashedAt;
    waitReady(name, readyUrl, 120000, supervisor).then((ready) => {
      if (ready && supervisor.child === child) {
        note(30, `${name} is ready again, ${seconds(Date.now() - since)} after it stopped`, {
          child: name,
          downMs: Date.now() - since,
        });
      }
    });
  });
  supervisor.on('crashed', ({ exit, uptimeMs, fastCrashes, delayMs }) => {
    crashedAt = Date.now();
    note(
      40,
      `${name} exited (${exit}) after ${seconds(uptimeMs)}; restarting it in ${seconds(delayMs)}` +
        (fastCrashes > 1 ? ` (crash ${fastCrashes} in a row)` : '') +
        '; the other services keep running',
      { child: name, exit: String(exit), uptimeMs, fastCrashes, delayMs },
    );
  });
  supervisor.on('gave-up', ({ exit, fastCrashes }) => {
    note(
      50,
      `${name} exited (${exit}) and has now crashed ${fastCrashes} times in a row, each within ` +
        `${seconds(settings.stableMs)} of starting: not restarting it. The rest keep running ` +
        `(calls to ${name} answer 502); read its output above, fix it and run npm start again.`,
      { child: name, exit: String(exit), fastCrashes, gaveUp: true },
    );
  });
  supervisors.push(supervisor);
  supervisor.start();
  return supervisor;
}

/** Polls a /readyz until it answers: true, or false once the process was given up on or stopped. */
async function waitReady(name, url, timeoutMs, supervisor) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (supervisor.state === 'given-up' || stopping) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return true;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline)
      throw new Error(`${name} not ready after ${timeoutMs / 1000}s (${url})`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** With OBSERVE=1 (npm run observe), the banner's lines for the metrics store and trace viewer. */
function observeLines() {
  if (process.env.OBSERVE !== '1') return '';
  const lines = [];
  const metrics = process.env.SWAPBOOTH_METRICS_DB_URL;
  const traces = process.env.SWAPBOOTH_ZIPKIN_URL;
  if (metrics) {
    lines.push(
      `    Metrics ........ ${metrics}/vmui/  (VictoriaMetrics: PromQL over every process)`,
    );
    lines.push(`    Scrape targets . ${metrics}/targets`);
  }
  if (traces) lines.push(`    Traces ......... ${traces}/zipkin/  (Zipkin)`);
  return lines.length ? `\n${lines.join('\n')}` : '';
}

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  await Promise.all(supervisors.map((s) => s.stop('SIGTERM')));
  process.exit(code);
}
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

(async () => {
  const started = services.map(([name, service, port], i) => [
    name,
    start(
      name,
      `services/${service}/dist/main.js`,
      { PORT: String(port) },
      i,
      `http://127.0.0.1:${port}/readyz`,
    ),
    port,
  ]);
  const ready = await Promise.all(
    started.map(([name, supervisor, port]) =>
      waitReady(name, `http://127.0.0.1:${port}/readyz`, 120000, supervisor),
    ),
  );
  const missing = started.filter((_, i) => !ready[i]).map(([name]) => name);
  if (stopping) return;
  const gatewayReadyUrl = `http://127.0.0.1:${gatewayPort}/readyz`;
  const gateway = start(
    'gateway',
    'gateway/dist/main.js',
    { PORT: String(gatewayPort) },
    services.length,
    gatewayReadyUrl,
  );
  if (!(await waitReady('gateway', gatewayReadyUrl, 120000, gateway))) {
    if (stopping) return;
    throw new Error('the gateway could not be started; stopping the stack');
  }
  const seed = path.join(root, 'scripts/seed/dist/seed.js');
  if (fs.existsSync(seed) && process.env.SKIP_SEED !== '1') {
    const code = await new Promise((r) =>
      spawn(process.execPath, [seed], { cwd: root, env, stdio: 'inherit' }).on('exit', r),
    );
    if (code !== 0) console.error('demo data could not be seeded; the marketplace runs without it');
  }
  const health = await fetch(`http://127.0.0.1:${gatewayPort}/api/admin/health`)
    .then((r) => r.json())
    .catch(() => ({}));
  console.log(`
  Swapbooth is running (platform health: ${health.status || 'unknown'})

    App ............ http://localhost:${gatewayPort}
    API ............ http://localhost:${gatewayPort}/api
    E-mails ........ ${env.MAILDEV_URL || 'http://127.0.0.1:1080'}  (MailDev: sign-up codes and reset links)${observeLines()}

  Ctrl-C stops everything.
`);
  if (missing.length) {
    note(50, `not running (given up after crashing at start): ${missing.join(', ')}`, { missing });
  }
})().catch((err) => {
  console.error(err.message);
  stop(1);
});
