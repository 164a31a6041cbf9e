import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import { pipeline, Readable } from 'node:stream';
import type { RequestHandler } from 'express';
import { Agent, type Dispatcher } from 'undici';
import { injectTraceContext, type Logger } from '@swapbooth/service-kit';
import { chooseCoding, compressor, isCompressible, varyOnEncoding, type Coding } from './encoding';
import { ReplicaSet } from './replicas';
import { resolveService, type ServiceName } from './route-table';

/**
 * Headers that describe one hop, not the message (RFC 9110 §7.6.1): never passed on. `host` is
 * the service's own; `expect` is answered here by Node.
 */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'expect',
]);

const EVENT_STREAM = 'text/event-stream';
const isEventStream = (headers: IncomingHttpHeaders) =>
  String(headers['content-type'] ?? '').startsWith(EVENT_STREAM);

/**
 * The request's headers for the service: end-to-end ones, plus where the call came from. The
 * client's address is the one the gateway settled on (its TRUST_PROXY hops): the services trust
 * the gateway alone, so the chain a client may have written is not passed on.
 */
function forwardedHeaders(
  req: IncomingMessage,
  clientAddress: string | undefined,
): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  // The Connection header may name more hop-by-hop headers.
  const connection = req.headers.connection;
  if (connection) {
    for (const token of connection.split(',')) delete out[token.trim().toLowerCase()];
  }
  // The gateway's own trace context (its request's span, a child of the client's) replaces the
  // client's: the service's span is a child of the gateway's.
  injectTraceContext(out);
  out['x-forwarded-for'] = clientAddress ?? req.socket.remoteAddress ?? '';
  out['x-forwarded-proto'] ??= 'encrypted' in req.socket ? 'https' : 'http';
  if (req.headers.host) out['x-forwarded-host'] ??= req.headers.host;
  return out;
}

/** The service's response headers for the client, hop-by-hop ones left out. */
function returnedHeaders(headers: Record<string, string | string[] | undefined>) {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
  }
  if (isEventStream(headers)) {
    out['x-accel-buffering'] = 'no';
    out['cache-control'] = 'no-cache';
  }
  return out;
}

/**
 * The client's body for one attempt at a replica: read from the request only once the attempt
 * sends it, and let go of (not destroyed) when the attempt fails, so a body a refusing replica
 * never read stays whole for the next replica.
 */
function bodyForAttempt(req: IncomingMessage): Readable {
  req.pause();
  const onData = (chunk: Buffer) => {
    if (!body.push(chunk)) req.pause();
  };
  const onEnd = () => body.push(null);
  const onError = (err: Error) => body.destroy(err);
  const body: Readable = new Readable({
    read: () => void req.resume(),
    destroy: (err, done) => {
      req.off('data', onData).off('end', onEnd).off('error', onError);
      req.pause();
      done(err);
    },
  });
  req.on('data', onData).on('end', onEnd).on('error', onError);
  return body;
}

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

/**
 * The coding to compress a service's answer with, or undefined to pass it on as it came: never an
 * event stream (each event must reach the client the moment it is written), never an answer the
 * service already encoded, one without a body, a small one or one that is not text.
 */
function codingFor(
  req: IncomingMessage,
  statusCode: number,
  headers: Record<string, string | string[] | undefined>,
): Coding | undefined {
  if (req.method === 'HEAD' || statusCode < 200 || statusCode === 204 || statusCode === 304) {
    return undefined;
  }
  if (isEventStream(headers) || headers['content-encoding'] !== undefined) return undefined;
  if (!isCompressible(String(headers['content-type'] ?? ''))) return undefined;
  if (/no-transform/i.test(String(headers['cache-control'] ?? ''))) return undefined;
  const length = headers['content-length'];
  if (length !== undefined && Number(length) < COMPRESS_MIN_BYTES) return undefined;
  return chooseCoding(req.headers['accept-encoding']);
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'ETIMEDOUT',
]);

/**
 * Proxies to the owning service over pooled keep-alive connections (undici). Bodies stream
 * through both ways without being parsed; a text answer (JSON) of 1 KB or more is compressed
 * with brotli or gzip on the way out when the client accepts it, while Server-Sent Events pass
 * uncompressed, without buffering or a time limit. A client that goes away cancels its call, and
 * a down or slow service gets a JSON 502/504. A service with several replicas (its URL setting
 * lists several) gets its calls in turn; a call a replica refused to connect is sent to the next
 * one, as nothing of it reached the first.
 */
export function serviceProxy(
  targets: Record<ServiceName, readonly string[]>,
  timeoutMs: number,
  logger: Logger,
): RequestHandler & { close(): Promise<void> } {
  const replicas = Object.fromEntries(
    Object.entries(targets).map(([name, urls]) => [name, new ReplicaSet(urls)]),
  ) as Record<ServiceName, ReplicaSet>;
  const dispatcher = new Agent({ keepAliveTimeout: 10_000, connections: 256 });
  // An event stream holds its connection for as long as the member stays: streams get their own
  // connections, so they never exhaust the pool other calls to the same service wait on.
  const streams = new Agent({ keepAliveTimeout: 10_000 });

  const fail = (
    err: Error & { code?: string },
    service: ServiceName,
    req: IncomingMessage,
    res: ServerResponse,
    clientLeft: boolean,
  ) => {
    // The client left (before the answer, or while it was streaming): nothing to answer. Not
    // req.destroyed: a failed call destroys the body it was sending (the request), while the
    // client still waits on its connection for an answer.
    if (clientLeft || (res.destroyed && !res.writableFinished)) return;
    logger.warn({ service, url: req.url, code: err.code, err: err.message }, 'proxy error');
    if (res.headersSent) {
      // Part of the answer is out: cut it, so the client cannot take it for a whole one.
      res.destroy();
      return;
    }
    const timedOut = TIMEOUT_CODES.has(err.code ?? '');
    res.writeHead(timedOut ? 504 : 502, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        success: false,
        code: 'unavailable',
        message: timedOut
          ? `The ${service} service did not answer in time`
          : `The ${service} service is unavailable right now`,
      }),
    );
  };

  const handler: RequestHandler = (req, res, next) => {
    const url = req.originalUrl;
    const service = resolveService(url);
    if (!service) return next();
    const stream =
      /^\/api\/stream/i.test(url) || String(req.headers.accept ?? '').startsWith(EVENT_STREAM);
    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const hasBody =
      req.headers['transfer-encoding'] !== undefined ||
      (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');
    const options: Dispatcher.RequestOptions = {
      path: url,
      method: req.method as Dispatcher.HttpMethod,
      headers: forwardedHeaders(req, req.ip),
      signal: abort.signal,
      headersTimeout: timeoutMs,
      // A stream may stay quiet for long; any other answer must keep coming.
      bodyTimeout: stream ? 0 : timeoutMs,
    };
    const tried = new Set<string>();
    const send = (origin: string): void => {
      tried.add(origin);
      (stream ? streams : dispatcher)
        .stream(
          {
            ...options,
            origin,
            // One replica: the request itself, as it always was.
            body: hasBody ? (replicas[service].urls.length > 1 ? bodyForAttempt(req) : req) : null,
          },
          respond,
        )
        .catch((err: Error & { code?: string }) => {
          // Refused: the replica is not listening, and the body (if any) was not read yet.
          if (err.code === 'ECONNREFUSED') {
            replicas[service].refused(origin);
            const next = replicas[service].pick(tried);
            if (
              next &&
              !abort.signal.aborted &&
              !(hasBody && (req.readableDidRead || req.readableEnded || req.destroyed))
            ) {
              return send(next);
            }
          }
          fail(err, service, req, res, abort.signal.aborted);
        });
    };
    const respond = ({ statusCode, headers }: Dispatcher.StreamFactoryData): Writable => {
      const out = returnedHeaders(headers);
      const coding = codingFor(req, statusCode, headers);
      // Caches must keep one copy per coding of anything that could have been compressed
      // (with what the gateway already named, e.g. Origin, which writeHead would replace).
      if (isCompressible(String(headers['content-type'] ?? '')) && !isEventStream(headers)) {
        out.vary = varyOnEncoding(res.getHeader('vary'), out.vary);
      }
      if (!coding) {
        res.writeHead(statusCode, out);
        if (isEventStream(headers)) res.flushHeaders();
        return res;
      }
      const length = Number(headers['content-length']) || undefined;
      delete out['content-length'];
      out['content-encoding'] = coding;
      // The compressed body is another representation: a strong validator no longer holds.
      if (typeof out.etag === 'string' && !out.etag.startsWith('W/')) out.etag = `W/${out.etag}`;
      res.writeHead(statusCode, out);
      const zip = compressor(coding, length);
      // A failed body (service gone mid-answer) destroys the compressor and so cuts the answer.
      pipeline(zip, res, () => undefined);
      return zip;
    };
    send(replicas[service].pick()!);
  };
  return Object.assign(handler, {
    close: async () => {
      // Open streams never finish on their own: cut them rather than wait.
      await Promise.all([dispatcher.close(), streams.destroy()]);
    },
  });
}
