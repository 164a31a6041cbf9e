import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type Logger } from 'pino';

export type { Logger };

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** Runs fn with a request id that every log line (and outgoing call) made inside it carries. */
export const runWithRequestId = <T>(requestId: string, fn: () => T): T =>
  requestContext.run({ requestId }, fn);

/** The request id of the current request, if any. */
export const currentRequestId = (): string | undefined => requestContext.getStore()?.requestId;

export function createLogger(service: string, level = 'info'): Logger {
  return pino({
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
    mixin() {
      const id = currentRequestId();
      return id ? { requestId: id } : {};
    },
  });
}
