import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type TextMapGetter,
} from '@opentelemetry/api';
import type { IHeaders } from 'kafkajs';

/**
 * OpenTelemetry spans of the event bus: the W3C `traceparent` of the write that stored an event
 * travels with it (in its outbox entry, then as a Kafka message header), so the relay's publish
 * span and each consumer's process span continue the trace of the request that caused the event.
 * With tracing off (no SDK registered) every call here is the API's no-op: no header, no span.
 */
const tracer = () => trace.getTracer('@swapbooth/event-bus');

/** The `traceparent` of the active span, to store with an event; undefined without one. */
export function activeTraceparent(): string | undefined {
  if (!trace.getActiveSpan()) return undefined;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** Runs fn outside any trace (background work that a request only set going). */
export const untraced = <T>(fn: () => T): T => context.with(ROOT_CONTEXT, fn);

const KAFKA = { 'messaging.system': 'kafka' } as const;

/**
 * A producer span for publishing one stored event, a child of the write that stored it (its
 * `traceparent`, when it has one); `headers` gets the span's own trace context.
 */
export function startPublishSpan(
  event: { id: string; type: string; key: string; traceparent?: string },
  topic: { name: string; contract: string },
  headers: Record<string, string>,
): Span {
  const parent = event.traceparent
    ? propagation.extract(ROOT_CONTEXT, { traceparent: event.traceparent })
    : ROOT_CONTEXT;
  const span = tracer().startSpan(
    `publish ${topic.contract}`,
    {
      kind: SpanKind.PRODUCER,
      attributes: {
        ...KAFKA,
        'messaging.operation.name': 'publish',
        'messaging.operation.type': 'send',
        'messaging.destination.name': topic.name,
        'messaging.message.id': event.id,
        'messaging.kafka.message.key': event.key,
        'swapbooth.event.type': event.type,
      },
    },
    parent,
  );
  propagation.inject(trace.setSpan(ROOT_CONTEXT, span), headers);
  return span;
}

/** Marks a span failed. */
export function failSpan(span: Span, message: string): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message });
}

/** Ends publish spans, marking them failed when the send failed. */
export function endSpans(spans: Span[], err?: unknown): void {
  for (const span of spans) {
    if (err) {
      span.recordException(err as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    }
    span.end();
  }
}

const headerGetter: TextMapGetter<IHeaders> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const v = carrier[key];
    if (v === undefined) return undefined;
    return Array.isArray(v) ? v.map((x) => x.toString()) : v.toString();
  },
};

/**
 * Runs a handler in a consumer span, a child of the publish span whose context came in the
 * message's headers; the span fails when `fn` says the event was dead-lettered or throws.
 */
export async function inProcessSpan<T>(
  topic: { name: string; contract: string },
  attributes: Attributes,
  headers: IHeaders | undefined,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent = headers ? propagation.extract(ROOT_CONTEXT, headers, headerGetter) : ROOT_CONTEXT;
  const span = tracer().startSpan(
    `process ${topic.contract}`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        ...KAFKA,
        'messaging.operation.name': 'process',
        'messaging.operation.type': 'process',
        'messaging.destination.name': topic.name,
        ...attributes,
      },
    },
    parent,
  );
  try {
    return await context.with(trace.setSpan(parent, span), () => fn(span));
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
    throw err;
  } finally {
    span.end();
  }
}
