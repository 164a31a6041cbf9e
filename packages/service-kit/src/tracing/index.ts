/**
 * OpenTelemetry tracing, switched on by the SDK's own environment variables: a service exports
 * its spans when `OTEL_EXPORTER_OTLP_ENDPOINT` (or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT`) is set,
 * or when `OTEL_TRACES_EXPORTER` names an exporter (`otlp`, `zipkin`, `console`); the other
 * `OTEL_*` variables (protocol, headers, sampler, `OTEL_SDK_DISABLED`) apply as the SDK reads
 * them. Off, nothing of the SDK is loaded: this module imports none of it.
 *
 * It must run before the modules it instruments (http, express, mongodb, ioredis, undici) are
 * loaded, so each entry point imports its `instrument.ts` first (see startTracing).
 */
import { context, propagation, trace } from '@opentelemetry/api';
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

/** Exports the spans still buffered and stops tracing (at shutdown); nothing when off. */
export async function stopTracing(): Promise<void> {
  const s = started;
  started = undefined;
  await s?.shutdown();
}

/**
 * Names each request's server span after the route it matched (`GET /api/product/:id`, with
 * `http.route`), read when the response is sent, once the router has matched. The Express
 * instrumentation would do this too, but at the price of a wrapper around every middleware and a
 * span per route and handler; the route label the metrics use serves as well. `unmatched` routes
 * keep the method alone as their name.
 */
export function serverSpanRoute(routeOf: (req: Request) => string): RequestHandler {
  return (req, res, next) => {
    const span = trace.getActiveSpan();
    if (span?.isRecording()) {
      res.once('finish', () => {
        const route = routeOf(req);
        if (route === 'unmatched') return;
        span.setAttribute('http.route', route);
        span.updateName(`${req.method} ${route}`);
      });
    }
    next();
  };
}
