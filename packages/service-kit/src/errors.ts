import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ErrorCode } from '@swapbooth/contracts';
import type { Logger } from './logger';

const statusOf: Record<ErrorCode, number> = {
  invalid: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  rate_limited: 429,
  internal: 500,
  not_implemented: 501,
  unavailable: 503,
  subscription_required: 403,
};

/** The one error type: a kind that maps to an HTTP status and a message safe to show the caller. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: { field?: string; retryAfterSeconds?: number; [k: string]: unknown },
  ) {
    super(message);
    this.name = 'AppError';
  }

  get status(): number {
    return statusOf[this.code];
  }

  static invalid(message: string, field?: string) {
    return new AppError('invalid', message, field ? { field } : undefined);
  }
  static unauthorized(message = 'Authentication required') {
    return new AppError('unauthorized', message);
  }
  static forbidden(message = 'You are not allowed to do this') {
    return new AppError('forbidden', message);
  }
  static notFound(message = 'Not found') {
    return new AppError('not_found', message);
  }
  static conflict(message: string) {
    return new AppError('conflict', message);
  }
  static rateLimited(message: string, retryAfterSeconds: number) {
    return new AppError('rate_limited', message, { retryAfterSeconds });
  }
  static unavailable(message = 'Service temporarily unavailable') {
    return new AppError('unavailable', message);
  }
}

interface MaybeHttpError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
  message?: string;
}

/** Error classes of the database, Redis and Kafka clients that mean the server cannot be reached. */
const UNREACHABLE = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoNotConnectedError',
  'MongoPoolClearedError',
  // the connection is being closed and opened again (see watchMongo)
  'MongoPoolClosedError',
  'MongoClientClosedError',
  'MongoTopologyClosedError',
  'MaxRetriesPerRequestError',
  'KafkaJSConnectionError',
  'KafkaJSConnectionClosedError',
  'KafkaJSRequestTimeoutError',
  'KafkaJSBrokerNotFound',
  'KafkaJSNumberOfRetriesExceeded',
]);

/**
 * Socket error codes: a connection refused, reset or closed under a write. A client library can let
 * one through unwrapped (the database driver writing on a socket its server has just ended).
 */
const SOCKET_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Whether an error says a server the service depends on is unreachable right now (down,
 * restarting, cut off), rather than a bug or the caller's mistake: worth a 503 and a retry.
 */
export function isUnreachableError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { name, message, code } = e as { name?: unknown; message?: unknown; code?: unknown };
    if (typeof name === 'string' && UNREACHABLE.has(name)) return true;
    if (typeof code === 'string' && SOCKET_FAILURES.has(code)) return true;
    if (
      typeof message === 'string' &&
      // mongoose waiting for a connection, ioredis with its connection gone
      (/buffering timed out after/.test(message) ||
        /^Connection is closed\.?$/.test(message) ||
        /^Stream isn't writeable/.test(message))
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is asked to wait before retrying after a 503 for an unreachable server. */
export const UNAVAILABLE_RETRY_AFTER_S = 5;

/** Maps any error to `{ success: false, message, code }`; never leaks a stack or a driver message. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req, res, _next) => {
    if (res.headersSent) {
      res.end();
      return;
    }
    if (isUnreachableError(err)) {
      // Neither a bug nor the caller's mistake: the request may be retried once the server is back.
      logger.warn(
        { err: (err as Error).message, method: req.method, url: req.originalUrl },
        'a server this service depends on is unreachable',
      );
      res.setHeader('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      res.status(503).json({
        success: false,
        message: 'The service is briefly unavailable; try again in a few seconds',
        code: 'unavailable',
      });
      return;
    }
    if (err instanceof AppError) {
      if (err.code === 'rate_limited' && err.details?.retryAfterSeconds !== undefined) {
        res.setHeader('Retry-After', String(Math.max(1, Math.ceil(err.details.retryAfterSeconds))));
      }
      const body: Record<string, unknown> = {
        success: false,
        message: err.message,
        code: err.code,
      };
      if (err.details?.field) body.field = err.details.field;
      res.status(err.status).json(body);
      return;
    }
    // body-parser and other http-errors style failures caused by the client
    const httpErr = err as MaybeHttpError;
    const status = httpErr?.status ?? httpErr?.statusCode;
    if (status && status >= 400 && status < 500) {
      const message =
        httpErr.type === 'entity.parse.failed'
          ? 'Request body is not valid JSON'
          : httpErr.type === 'entity.too.large'
            ? 'Request body is too large'
            : httpErr.expose && httpErr.message
              ? httpErr.message
              : 'Bad request';
      const code: ErrorCode = status === 413 || status === 400 ? 'invalid' : 'invalid';
      res.status(status).json({ success: false, message, code });
      return;
    }
    logger.error({ err, method: req.method, url: req.originalUrl }, 'unhandled error');
    res
      .status(500)
      .json({ success: false, message: 'Something went wrong on our side', code: 'internal' });
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res
    .status(404)
    .json({ success: false, message: `No route for ${req.method} ${req.path}`, code: 'not_found' });
};
