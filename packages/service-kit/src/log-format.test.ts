import { baseConfigSchema, ConfigError, loadConfig } from './config';
import { formatRecord, isRequestRecord, parseLogLine } from './log-format';
import { createLogger } from './logger';

const at = new Date(2026, 4, 12, 12, 1, 2).getTime();
const plain = { color: false };

describe('the readable log line', () => {
  it('shows a request as time, service, method, path, status and duration', () => {
    const rec = {
      level: 30,
      time: at,
      service: 'catalog',
      requestId: 'r-1',
      req: { method: 'GET', url: '/api/products?page=2', id: 'r-1' },
      res: { statusCode: 200 },
      responseTime: 11.6,
      msg: 'request completed',
    };
    expect(isRequestRecord(rec)).toBe(true);
    expect(formatRecord(rec, plain)).toBe('12:01:02 catalog   GET /api/products?page=2 200 12ms');
  });

  it('marks a warning and keeps its context short', () => {
    const line = formatRecord(
      {
        level: 40,
        time: at,
        service: 'auth',
        msg: 'refresh token sweep failed',
        err: 'connection refused',
        attempt: 3,
        detail: 'x'.repeat(200),
      },
      plain,
    );
    expect(line).toMatch(
      /^12:01:02 auth {6}WARN refresh token sweep failed {2}err="connection refused" attempt=3 detail=x{79}…$/,
    );
  });

  it('prints an error with its stack beneath', () => {
    const err = new TypeError('boom');
    const line = formatRecord(
      {
        level: 50,
        time: at,
        service: 'catalog',
        msg: 'unhandled error',
        method: 'POST',
        url: '/products',
        err: { type: 'TypeError', message: err.message, stack: err.stack },
      },
      plain,
    );
    const [first, ...stack] = line.split('\n');
    expect(first).toBe('12:01:02 catalog   ERROR unhandled error  method=POST url=/products');
    expect(stack[0]).toBe('    TypeError: boom');
    expect(stack[1]).toMatch(/^ {4}at /);
  });

  it('colours the status by class and the level, only when asked', () => {
    const rec = {
      level: 50,
      time: at,
      service: 'gateway',
      req: { method: 'GET', url: '/api/x' },
      res: { statusCode: 502 },
    };
    expect(formatRecord(rec, { color: true, serviceColor: 36 })).toContain('\x1b[31m502\x1b[0m');
    expect(formatRecord(rec, { color: true, serviceColor: 36 })).toContain('\x1b[36mgateway');
    expect(formatRecord(rec, plain)).not.toContain('\x1b[');
  });

  it('reads only log records from output lines', () => {
    expect(parseLogLine('{"level":30,"time":1,"msg":"hi"}')).toMatchObject({ msg: 'hi' });
    expect(parseLogLine('    at Object.<anonymous> (/app/x.js:1:1)')).toBeUndefined();
    expect(parseLogLine('{"not":"a record"}')).toBeUndefined();
    expect(parseLogLine('{broken')).toBeUndefined();
  });
});

describe('LOG_FORMAT', () => {
  it('accepts json and pretty and names the variable for anything else', () => {
    expect(loadConfig(baseConfigSchema, { LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(loadConfig(baseConfigSchema, { LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(() => loadConfig(baseConfigSchema, { LOG_FORMAT: 'xml' })).toThrow(ConfigError);
    expect(() => loadConfig(baseConfigSchema, { LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('defaults to json when stdout is not a terminal', () => {
    const wasTTY = process.stdout.isTTY;
    try {
      Object.defineProperty(process.stdout, 'isTTY', { value: false, configurable: true });
      expect(loadConfig(baseConfigSchema, {}).LOG_FORMAT).toBe('json');
      Object.defineProperty(process.stdout, 'isTTY', { value: true, configurable: true });
      expect(loadConfig(baseConfigSchema, {}).LOG_FORMAT).toBe('pretty');
    } finally {
      Object.defineProperty(process.stdout, 'isTTY', { value: wasTTY, configurable: true });
    }
  });

  function captureStdout(fn: () => void): string {
    const original = process.stdout.write.bind(process.stdout);
    let out = '';
    process.stdout.write = ((chunk: string | Uint8Array) => {
      out += String(chunk);
      return true;
    }) as typeof process.stdout.write;
    try {
      fn();
    } finally {
      process.stdout.write = original;
    }
    return out;
  }

  it('pretty: the logger writes the readable line', () => {
    const out = captureStdout(() =>
      createLogger('search', 'info', 'pretty').warn({ moved: 3 }, 'records moved'),
    );
    expect(out).toMatch(/^\d\d:\d\d:\d\d search {4}WARN records moved {2}moved=3\n$/);
  });
});
