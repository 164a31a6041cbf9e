import { randomUUID } from 'node:crypto';
import type { Consumer } from 'kafkajs';
import { parseEvent, type EventEnvelope, type TopicName } from '@swapbooth/contracts';
import { createKafka, topicName } from '@swapbooth/event-bus';
import { createLogger } from '@swapbooth/service-kit';
import { eventually } from '@swapbooth/test-kit';

/** Reads what the service publishes on a topic, as any consumer would. */
export interface EventTap {
  events: EventEnvelope[];
  /** Waits until events matching `pick` are seen; returns them. */
  waitFor(pick: (e: EventEnvelope) => boolean, count?: number): Promise<EventEnvelope[]>;
  stop(): Promise<void>;
}

export async function tapTopic(topic: TopicName): Promise<EventTap> {
  const bus = {
    brokers: process.env.KAFKA_BROKERS!.split(','),
    clientId: 'auth-test-tap',
    prefix: process.env.KAFKA_TOPIC_PREFIX ?? '',
    partitions: 3,
  };
  const kafka = createKafka(bus, createLogger('auth-test-tap', 'silent'));
  const consumer: Consumer = kafka.consumer({
    groupId: topicName(bus, `auth-test-tap-${randomUUID()}`),
    maxWaitTimeInMs: 100,
  });
  const events: EventEnvelope[] = [];
  await consumer.connect();
  await consumer.subscribe({ topic: topicName(bus, topic), fromBeginning: true });
  await consumer.run({
    eachMessage: async ({ message }) => {
      events.push(parseEvent(JSON.parse(message.value!.toString())));
    },
  });
  return {
    events,
    waitFor: (pick, count = 1) =>
      eventually(() => {
        const found = events.filter(pick);
        return found.length >= count ? found : undefined;
      }, 15_000),
    stop: () => consumer.disconnect(),
  };
}
