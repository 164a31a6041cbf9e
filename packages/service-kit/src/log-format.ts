/**
 * The person-readable form of our JSON log lines: one short line per record, e.g.
 *   12:01:02 catalog   GET /api/products 200 12ms
 *   12:01:03 auth      WARN refresh token sweep failed  err="connection refused"
 * Used by the logger when LOG_FORMAT=pretty and by scripts/stack.js (npm start), which reads the
 * services' JSON lines and prints them this way. No imports, so a plain script can require it.
 */

export type LogFormat = 'json' | 'pretty';

/** A pino record as it appears on one line of JSON output. */
export interface LogRecord {
  level: number;
  time: number;
  service?: string;
  msg?: string;
  req?: { method?: string; url?: string; id?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  err?: unknown;
  [field: string]: unknown;
}

export interface PrettyOptions {
  /** ANSI colours on or off. */
  color: boolean;
  /** ANSI colour code for the service name (31–37, 91–97); one is picked from the name otherwise. */
  serviceColor?: number;
  /** Width the service name is padded to. */
  nameWidth?: number;
}

// Fields every record carries or that the line shows in its own way.
const SHOWN_APART = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'service',
  'name',
  'msg',
  'requestId',
  'req',
  'res',
  'responseTime',
  'err',
  // kafkajs's own copies of the time and of its name.
  'timestamp',
  'logger',
]);
const MAX_EXTRA_FIELDS = 6;
const MAX_VALUE = 80;
const MAX_STACK_LINES = 12;
const NAME_COLORS = [36, 32, 33, 34, 35, 96, 92, 93, 94, 95];

const LEVEL_LABEL: Record<number, [string, number]> = {
  10: ['TRACE', 90],
  20: ['DEBUG', 90],
  40: ['WARN', 33],
  50: ['ERROR', 31],
  60: ['FATAL', 31],
};

/** Parses one output line as a log record; undefined when it is not one (plain text, a stack trace). */
export function parseLogLine(line: string): LogRecord | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    const value = JSON.parse(line) as unknown;
    if (typeof value !== 'object' || value === null) return undefined;
    const rec = value as Partial<LogRecord>;
    return typeof rec.level === 'number' && typeof rec.time === 'number'
      ? (rec as LogRecord)
      : undefined;
  } catch {
    return undefined;
  }
}

/** True for the access-log record pino-http writes when a request completes. */
export const isRequestRecord = (rec: LogRecord): boolean =>
  typeof rec.req === 'object' && typeof rec.res === 'object';

const paint = (on: boolean, code: number | string, text: string) =>
  on ? `\x1b[${code}m${text}\x1b[0m` : text;

const pad2 = (n: number) => String(n).padStart(2, '0');
const clock = (time: number) => {
  const d = new Date(time);
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
};

function nameColor(name: string): number {
  let h = 0;
  for (const ch of name) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return NAME_COLORS[h % NAME_COLORS.length] ?? 36;
}

function shorten(text: string, max = MAX_VALUE): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

function showValue(value: unknown): string {
  if (typeof value === 'string')
    return /[\s"=]/.test(value) ? JSON.stringify(shorten(value)) : shorten(value);
  if (typeof value === 'number' || typeof value === 'boolean' || value === null)
    return String(value);
  return shorten(JSON.stringify(value) ?? String(value));
}

function errorParts(err: unknown): { message?: string; stack?: string } {
  if (typeof err === 'string') return { message: err };
  if (typeof err !== 'object' || err === null) return {};
  const e = err as { message?: unknown; stack?: unknown };
  return {
    ...(typeof e.message === 'string' ? { message: e.message } : {}),
    ...(typeof e.stack === 'string' ? { stack: e.stack } : {}),
  };
}

function statusColor(status: number): number {
  if (status >= 500) return 31;
  if (status >= 400) return 33;
  if (status >= 300) return 36;
  return 32;
}

/** The request as `GET /api/products 200 12ms`. */
function requestText(rec: LogRecord, color: boolean): string {
  const method = rec.req?.method ?? '?';
  const url = shorten(rec.req?.url ?? '', 120);
  const status = rec.res?.statusCode;
  const parts = [method, url];
  if (typeof status === 'number') parts.push(paint(color, statusColor(status), String(status)));
  if (typeof rec.responseTime === 'number') {
    parts.push(paint(color, 2, `${Math.round(rec.responseTime)}ms`));
  }
  const { message } = errorParts(rec.err);
  if (message) parts.push(paint(color, 31, message));
  return parts.join(' ');
}

/** One record as one short line (plus the stack of an error, indented beneath it). */
export function formatRecord(rec: LogRecord, opts: PrettyOptions): string {
  const { color } = opts;
  const name = rec.service ?? (typeof rec.name === 'string' ? rec.name : '');
  const head = [
    paint(color, 2, clock(rec.time)),
    paint(color, opts.serviceColor ?? nameColor(name), name.padEnd(opts.nameWidth ?? 9)),
  ];
  if (isRequestRecord(rec)) return `${head.join(' ')} ${requestText(rec, color)}`;

  const label = LEVEL_LABEL[rec.level];
  if (label) head.push(paint(color, rec.level >= 50 ? `1;${label[1]}` : label[1], label[0]));
  const body = [rec.msg ?? ''];
  const { message, stack } = errorParts(rec.err);
  // An error's stack is worth its lines; a warning's error is worth its message.
  const showStack = stack !== undefined && rec.level >= 50;
  const extras = Object.entries(rec).filter(([k, v]) => !SHOWN_APART.has(k) && v !== undefined);
  const fields = extras.slice(0, MAX_EXTRA_FIELDS).map(([k, v]) => `${k}=${showValue(v)}`);
  if (message && !showStack) fields.unshift(`err=${showValue(message)}`);
  if (extras.length > MAX_EXTRA_FIELDS) fields.push('…');
  if (fields.length > 0) body.push(paint(color, 2, fields.join(' ')));
  let line = `${head.join(' ')} ${body.join('  ')}`;
  if (showStack) {
    const lines = stack.split('\n').slice(0, MAX_STACK_LINES);
    line += `\n${lines.map((l) => paint(color, 2, `    ${l.trim()}`)).join('\n')}`;
  }
  return line;
}
