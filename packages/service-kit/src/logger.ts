import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';
import { formatRecord, parseLogLine, type LogFormat } from './log-format';
import { activeTraceIds } from './tracing';

export type { Logger };

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** Runs fn with a request id that every log line (and outgoing call) made inside it carries. */
export const runWithRequestId = <T>(requestId: string, fn: () => T): T =>
  requestContext.run({ requestId }, fn);

/** The request id of the current request, if any. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

/**
 * The service's logger: one JSON object per line on stdout, or with format 'pretty' a short
 * readable line per record (see log-format.ts); config.LOG_FORMAT says which.
 */
export function createLogger(service: string, level = 'info', format: LogFormat = 'json'): Logger {
  const options: pino.LoggerOptions = {
    name: service,
    level,
    base: { service },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'password',
        'newPassword',
        'currentPassword',
        'otp',
        'token',
        'data.otp',
      ],
      censor: '[redacted]',
    },
    // The request id, and with tracing on the trace and span a line was written in.
    mixin() {
      const id = currentRequestId();
      const ids = activeTraceIds();
      if (!ids) return id ? { requestId: id } : {};
      return id ? { requestId: id, ...ids } : ids;
    },
  };
  return format === 'pretty' ? pino(options, prettyStdout(service)) : pino(options);
}

/** Writes each JSON line pino produces as its readable form; colours when stdout is a colour terminal. */
function prettyStdout(service: string): DestinationStream {
  const color = process.stdout.isTTY === true && process.stdout.hasColors();
  const nameWidth = Math.max(9, service.length);
  return {
    write(line: string) {
      const rec = parseLogLine(line.trimEnd());
      process.stdout.write(rec ? `${formatRecord(rec, { color, nameWidth })}\n` : line);
    },
  };
}
