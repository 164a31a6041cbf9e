import { randomUUID } from 'node:crypto';
import { Topics } from '@swapbooth/contracts';
import { createLogger } from '@swapbooth/service-kit';
import { createKafka, ensureTopics, topicName, type BusConfig } from '../src';

/** Topic creation against the real broker, as services do it at start. */
const logger = createLogger('event-bus-test', process.env.TEST_LOG_LEVEL ?? 'silent');

it('lets every service that creates the same topics at once go on only when each partition has a leader', async () => {
  const bus: BusConfig = {
    brokers: process.env.KAFKA_BROKERS!.split(','),
    clientId: 'topics-test',
    prefix: `${process.env.KAFKA_TOPIC_PREFIX}${randomUUID().slice(0, 8)}.`,
    partitions: 3,
  };
  const topics = [Topics.user, Topics.product, Topics.booth];
  const names = topics.map((t) => topicName(bus, t));
  const kafka = createKafka(bus, logger);
  const admin = kafka.admin();
  await admin.connect();
  try {
    // What each of four starting services would find the moment its own call returns.
    const leaderless = async () => {
      const { topics: found } = await admin.fetchTopicMetadata({ topics: names });
      return found.flatMap((t) => t.partitions.filter((p) => p.leader < 0).map(() => t.name));
    };
    const seen = await Promise.all(
      Array.from({ length: 4 }, () => ensureTopics(kafka, bus, topics).then(leaderless)),
    );
    expect(seen).toEqual([[], [], [], []]);
    const { topics: found } = await admin.fetchTopicMetadata({ topics: names });
    expect(found.map((t) => t.partitions.length)).toEqual([3, 3, 3]);
  } finally {
    await admin
      .deleteTopics({ topics: (await admin.listTopics()).filter((t) => t.startsWith(bus.prefix)) })
      .catch(() => undefined);
    await admin.disconnect();
  }
});
