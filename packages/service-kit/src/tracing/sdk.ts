import { trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { mongoStatement } from './mongo-statement';

/**
 * The Node SDK with the instrumentations the services need, its exporter, sampler and propagators
 * from the OTEL_* variables (W3C trace context by default). Loaded by startTracing only.
 */
export function startSdk(
  service: string,
  env: NodeJS.ProcessEnv,
  options: { undiciSpans?: boolean } = {},
) {
  // The services' metrics are Prometheus' (prom-client) and their logs go to stdout: the SDK's
  // own metrics and logs exporters stay off unless asked for.
  env.OTEL_METRICS_EXPORTER ??= 'none';
  env.OTEL_LOGS_EXPORTER ??= 'none';
  const sdk = new NodeSDK({
    serviceName: service,
    instrumentations: [
      // Outgoing calls only (Stripe's and S3's clients use node:http): each request's server span
      // is createApp's (serverSpans), which costs a fraction of the instrumentation's hooks on
      // every incoming request, socket and response.
      new HttpInstrumentation({
        disableIncomingRequestInstrumentation: true,
        // Outgoing calls outside any request or event (timers, start-up) would each be a trace.
        requireParentforOutgoingSpans: true,
      }),
      // No Express instrumentation either: it wraps every middleware of every request (a span
      // each, or at least a route computed each, even for layers it is told to ignore), which cost
      // more CPU than the request itself on a small GET; serverSpans names the span by its route.
      ...(options.undiciSpans === false
        ? []
        : [new UndiciInstrumentation({ requireParentforSpans: true })]),
      // Commands outside a request or event (the pool's heartbeats and pings, start-up, timers) make
      // no span; the statement is the filter's shape, at a twentieth of the default serializer's CPU.
      new MongoDBInstrumentation({
        requireParentSpan: true,
        dbStatementSerializer: mongoStatement,
      }),
      new IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return {
    service,
    shutdown: () => sdk.shutdown(),
    activeIds() {
      const span = trace.getActiveSpan();
      if (!span) return undefined;
      const { traceId, spanId } = span.spanContext();
      return { trace_id: traceId, span_id: spanId };
    },
  };
}
