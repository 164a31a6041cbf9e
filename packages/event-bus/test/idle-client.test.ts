import { createLogger } from '@swapbooth/service-kit';
import { createKafka } from '../src';

/**
 * A connected client with nothing to send must not keep timers running: kafkajs 2.2.4 re-armed a
 * 1 ms check after every answer (a busy loop per connection, and Node's TimeoutNegativeWarning).
 */
const logger = createLogger('event-bus-test', process.env.TEST_LOG_LEVEL ?? 'silent');

it('arms no timers and raises no timer warnings while a connected client is idle', async () => {
  const kafka = createKafka(
    {
      brokers: process.env.KAFKA_BROKERS!.split(','),
      clientId: 'idle-test',
      prefix: process.env.KAFKA_TOPIC_PREFIX ?? '',
      partitions: 3,
    },
    logger,
  );
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(w.name);
  process.on('warning', onWarning);
  const admin = kafka.admin();
  const producer = kafka.producer();
  await admin.connect();
  await producer.connect();
  try {
    await admin.listTopics();
    const realSetTimeout = globalThis.setTimeout;
    let armed = 0;
    const counting = ((...args: Parameters<typeof setTimeout>) => {
      armed += 1;
      return realSetTimeout(...args);
    }) as typeof setTimeout;
    globalThis.setTimeout = counting;
    try {
      await new Promise((resolve) => realSetTimeout(resolve, 1000));
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
    // Stock kafkajs arms about 1,500 a second here.
    expect(armed).toBeLessThan(20);
    expect(warnings).not.toContain('TimeoutNegativeWarning');
  } finally {
    process.off('warning', onWarning);
    await producer.disconnect();
    await admin.disconnect();
  }
});
