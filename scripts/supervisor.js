// Keeps one child process running the way an orchestrator would: a process that exits on its own
// is started again after a delay that doubles with each crash that came soon after a start (up to a
// cap), and one that keeps crashing soon after starting is given up on with a clear message, so a
// broken service cannot take the others down or spin the machine. A run that lasted `stableMs`
// counts as healthy: the next crash starts the count again. Used by scripts/stack.js (npm start).
const { EventEmitter } = require('node:events');

/** Supervision settings from the environment, with the defaults npm start uses. */
function supervisionSettings(env = process.env) {
  const num = (name, fallback) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) {
      throw new Error(`${name} must be a number of 0 or more, not "${raw}"`);
    }
    return value;
  };
  return {
    /** Delay before the first restart; doubled for each further crash in a row. */
    backoffMs: num('SUPERVISE_BACKOFF_MS', 1000),
    /** The longest delay between restarts. */
    maxBackoffMs: num('SUPERVISE_MAX_BACKOFF_MS', 30000),
    /** A run at least this long was healthy: the crash count starts again after it. */
    stableMs: num('SUPERVISE_STABLE_MS', 60000),
    /** This many crashes in a row, each soon after a start, and the process is given up on. */
    maxFastCrashes: Math.max(1, Math.floor(num('SUPERVISE_MAX_FAST_CRASHES', 5))),
  };
}

/** The delay before restarting after the n-th crash in a row (n ≥ 1). */
function backoffDelay(n, { backoffMs, maxBackoffMs }) {
  return Math.min(backoffMs * 2 ** Math.max(0, n - 1), maxBackoffMs);
}

/**
 * Supervises one process made by `launch()` (which returns a ChildProcess). Events:
 * - 'started' (child, run)          a process was started (run 1 is the first start)
 * - 'crashed' ({ exit, uptimeMs, fastCrashes, delayMs })  it exited on its own; restart in delayMs
 * - 'gave-up' ({ exit, fastCrashes })  it crashed too often soon after starting; not restarted
 * - 'stopped'                       stop() finished
 */
class Supervisor extends EventEmitter {
  constructor(name, launch, settings = supervisionSettings(), clock = Date.now) {
    super();
    this.name = name;
    this.launch = launch;
    this.settings = settings;
    this.clock = clock;
    this.child = undefined;
    this.state = 'idle';
    this.runs = 0;
    this.fastCrashes = 0;
    this.timer = undefined;
  }

  start() {
    if (this.state === 'stopping' || this.state === 'stopped') return;
    this.timer = undefined;
    const child = this.launch();
    const startedAt = this.clock();
    this.child = child;
    this.state = 'running';
    this.runs++;
    child.once('exit', (code, signal) => this.exited(child, startedAt, signal || code));
    // A process that cannot be started at all (e.g. a missing executable) exits through 'error'.
    child.once('error', (err) => {
      if (child.exitCode === null && child.signalCode === null && child.pid === undefined) {
        this.exited(child, startedAt, err.message);
      }
    });
    this.emit('started', child, this.runs);
  }

  exited(child, startedAt, exit) {
    if (child !== this.child) return;
    this.child = undefined;
    if (this.state === 'stopping' || this.state === 'stopped') return;
    const uptimeMs = this.clock() - startedAt;
    this.fastCrashes = uptimeMs >= this.settings.stableMs ? 1 : this.fastCrashes + 1;
    if (this.fastCrashes >= this.settings.maxFastCrashes) {
      this.state = 'given-up';
      this.emit('gave-up', { exit, uptimeMs, fastCrashes: this.fastCrashes });
      return;
    }
    const delayMs = backoffDelay(this.fastCrashes, this.settings);
    this.state = 'backoff';
    this.emit('crashed', { exit, uptimeMs, fastCrashes: this.fastCrashes, delayMs });
    this.timer = setTimeout(() => this.start(), delayMs);
  }

  /** Stops the process (SIGTERM) and any restart that was due; resolves once it has exited. */
  async stop(signal = 'SIGTERM') {
    if (this.state === 'stopped') return;
    this.state = 'stopping';
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const child = this.child;
    if (child && child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once('exit', resolve));
      child.kill(signal);
      await gone;
    }
    this.child = undefined;
    this.state = 'stopped';
    this.emit('stopped');
  }
}

module.exports = { Supervisor, supervisionSettings, backoffDelay };
