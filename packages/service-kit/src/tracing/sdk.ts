import { trace } from '@opentelemetry/api';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';

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
      // No MongoDB instrumentation: each command's span is made where its duration is measured
      // (recordMongoCommands, in ../mongo-commands), at a fraction of the instrumentation's CPU.
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
