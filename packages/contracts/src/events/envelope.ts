import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { eventSchemas, type EventData, type EventType } from './event-map';

/** The envelope every event travels in. */
export const envelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.string(),
  producer: z.string().min(1),
  subject: z.string().min(1),
  correlationId: z.string().optional(),
  data: z.unknown(),
});

export interface EventEnvelope<K extends EventType = EventType> {
  id: string;
  type: K;
  version: number;
  occurredAt: string;
  producer: string;
  /** Aggregate id; also the Kafka message key. */
  subject: string;
  correlationId?: string;
  data: EventData<K>;
}

/** Builds a validated envelope; throws if the payload does not match its schema. */
export function createEvent<K extends EventType>(
  type: K,
  data: EventData<K>,
  opts: { producer: string; subject: string; correlationId?: string; version?: number },
): EventEnvelope<K> {
  const parsed = eventSchemas[type].parse(data) as EventData<K>;
  return {
    id: randomUUID(),
    type,
    version: opts.version ?? 1,
    occurredAt: new Date().toISOString(),
    producer: opts.producer,
    subject: opts.subject,
    ...(opts.correlationId ? { correlationId: opts.correlationId } : {}),
    data: parsed,
  };
}

/** Parses a raw message into a typed envelope; throws on an unknown type or a bad payload. */
export function parseEvent(raw: unknown): EventEnvelope {
  const env = envelopeSchema.parse(raw);
  if (!(env.type in eventSchemas)) throw new Error(`Unknown event type ${env.type}`);
  const type = env.type as EventType;
  const data = eventSchemas[type].parse(env.data);
  return { ...env, type, data } as EventEnvelope;
}
