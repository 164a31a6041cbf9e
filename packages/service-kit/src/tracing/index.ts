/**
 * OpenTelemetry tracing, switched on by the SDK's own environment variables: a service exports
 * its spans when `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set,
 * or when `OTEL_TRACES_EXPORTER` names an exporter (`otlp`, `zipkin`, `console`); the other
 * `OTEL_*` variables (protocol, headers, sampler, `OTEL_SDK_DISABLED`) apply as the SDK reads
 * them. Off, nothing of the SDK is loaded: this module imports none of it.
 *
 * It must run before the modules it instruments (http's client, mongodb, ioredis, undici) are
 * loaded, so each entry point imports its `instrument.ts` first (see startTracing). Each request's
 * server span is made by createApp's first middleware (serverSpans), not by an instrumentation.
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type Tracer,
} from '@opentelemetry/api';
import type { Request, RequestHandler } from 'express';

/** Whether the environment asks for traces. */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if ((env.OTEL_SDK_DISABLED ?? '').trim().toLowerCase() === 'true') return false;
  const exporters = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && s !== 'null');
  if (exporters.length > 0) return exporters.some((e) => e !== 'none');
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT);
}

interface Started {
  service: string;
  shutdown(): Promise<void>;
  /** The ids of the span active here, if any. */
  activeIds(): { trace_id: string; span_id: string } | undefined;
}

let started: Started | undefined;

export interface TracingOptions {
  /**
   * A client span for each outgoing fetch/undici call, which also carries the trace context to the
   * callee (default true). A process whose only calls are proxied ones passes its trace context
   * itself (injectTraceContext) and leaves this off: the callee's server span says as much.
   */
  undiciSpans?: boolean;
}

/**
 * Starts tracing for a service when the environment asks for it (see tracingRequested); true when
 * it runs. `OTEL_SERVICE_NAME`, when set, names the service instead. Call it from the process's
 * first module, before anything else is required.
 */
export function startTracing(
  service: string,
  env: NodeJS.ProcessEnv = process.env,
  options: TracingOptions = {},
): boolean {
  if (started) return true;
  if (!tracingRequested(env)) return false;
  // Loaded only now: off, the SDK and its instrumentations are never required.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const sdk = require('./sdk') as typeof import('./sdk');
  started = sdk.startSdk(env.OTEL_SERVICE_NAME || service, process.env, options);
  return true;
}

/** Whether this process traces. */
export const tracingStarted = (): boolean => started !== undefined;

/** The trace and span ids of the active span (for log lines); undefined when none or off. */
export const activeTraceIds = (): { trace_id: string; span_id: string } | undefined =>
  started?.activeIds();

/**
 * Writes the active span's trace context (`traceparent`, `tracestate`) into outgoing headers,
 * replacing any there: the callee's spans become children of this process's. Nothing when off.
 */
export function injectTraceContext(headers: Record<string, string | string[]>): void {
  if (!started) return;
  delete headers.traceparent;
  delete headers.tracestate;
  propagation.inject(context.active(), headers);
}

/**
 * Runs fn outside any trace: the database and Redis commands it makes get no span (the
 * instrumentations make spans only under a parent). For the bookkeeping every request repeats —
 * the session's revocation check, rate-limit counters — whose spans would cost as much to record
 * as a query's and tell nothing the request's own span and the Redis metrics do not; and for
 * timers a request only set going, which would otherwise land in that request's trace.
 */
export const outsideTrace = <T>(fn: () => T): T => context.with(ROOT_CONTEXT, fn);

/** Exports the spans still buffered and stops tracing (at shutdown); nothing when off. */
export async function stopTracing(): Promise<void> {
  const s = started;
  started = undefined;
  clientTracer = undefined;
  await s?.shutdown();
}

/**
 * A client span for a call this process makes (a database command), as a child of the span active
 * here; undefined when tracing is off, when no span is active (commands outside a request or an
 * event — pool heartbeats, timers, start-up — make no trace) or when the active one is not
 * recorded (its request was sampled out, and the services' samplers follow the parent). The
 * attributes are built only for a span that is made. End it when the call answers.
 */
export function startClientSpan(name: string, attributes: () => Attributes): Span | undefined {
  if (!started) return undefined;
  const parent = trace.getActiveSpan();
  if (!parent?.isRecording()) return undefined;
  clientTracer ??= trace.getTracer('@swapbooth/service-kit');
  return clientTracer.startSpan(name, { kind: SpanKind.CLIENT, attributes: attributes() });
}

let clientTracer: Tracer | undefined;

/** Ends a client span as failed with the error's class (a MongoDB error's code name, say). */
export function endFailed(span: Span, err: unknown): void {
  const e = err as { codeName?: unknown; name?: unknown } | undefined;
  const type =
    typeof e?.codeName === 'string' ? e.codeName : typeof e?.name === 'string' ? e.name : 'Error';
  span.setAttribute('error.type', type);
  span.setStatus({ code: SpanStatusCode.ERROR });
  span.end();
}

/** Probes and scrapes: no trace for them. */
const UNTRACED_PATHS = /^\/(healthz|readyz|livez|metrics)(\/|\?|$)/;

/**
 * The server span of each request, made here rather than by the http instrumentation, which wraps
 * every incoming request's emitter, socket and response in hooks of its own and cost ~150 µs of CPU
 * per request and process even when the sampler dropped the span. The caller's `traceparent` (the
 * gateway's, or a client's at the gateway) is its parent; it is the active span while the request
 * runs, so the database, Redis and Kafka spans below it and the log lines written meanwhile belong
 * to it. Its name and `http.route` are the route the request matched (`GET /api/product/:id`),
 * read when the response ends, once the router has matched; `unmatched` routes keep the method
 * alone as their name. 5xx answers mark it failed. Probes and metrics scrapes get none.
 */
export function serverSpans(routeOf: (req: Request) => string): RequestHandler {
  const tracer = trace.getTracer('@swapbooth/service-kit');
  return (req, res, next) => {
    const url = req.url;
    if (UNTRACED_PATHS.test(url)) {
      next();
      return;
    }
    const parent = propagation.extract(ROOT_CONTEXT, req.headers);
    const query = url.indexOf('?');
    const span = tracer.startSpan(
      req.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          'http.request.method': req.method,
          'url.path': query < 0 ? url : url.slice(0, query),
        },
      },
      parent,
    );
    if (span.isRecording()) {
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        const route = routeOf(req);
        if (route !== 'unmatched') {
          span.setAttribute('http.route', route);
          span.updateName(`${req.method} ${route}`);
        }
        if (res.headersSent) {
          const status = res.statusCode;
          span.setAttribute('http.response.status_code', status);
          if (status >= 500) {
            span.setAttribute('error.type', String(status));
            span.setStatus({ code: SpanStatusCode.ERROR });
          }
        }
        span.end();
      };
      res.once('finish', end);
      res.once('close', end);
    }
    context.with(trace.setSpan(parent, span), next);
  };
}
