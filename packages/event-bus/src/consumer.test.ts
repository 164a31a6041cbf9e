import { EventEmitter } from 'node:events';
import type { Kafka } from 'kafkajs';
import { EventConsumer } from './consumer';
import type { ProcessedEventStore } from './processed-store';

/**
 * A kafkajs client double for the consumer's own behaviour after a crash (the real broker's crash
 * paths are timing-dependent: fault scenario 1 meets them now and then). Its consumer records
 * connect/run calls and can crash as kafkajs reports it: a CRASH event, after disconnecting.
 */
function fakeKafka() {
  const emitter = new EventEmitter();
  const calls: string[] = [];
  let failuresLeft = 0;
  const consumer = {
    events: { CRASH: 'consumer.crash' },
    on: (event: string, listener: (e: unknown) => void) => {
      emitter.on(event, listener);
      return () => emitter.off(event, listener);
    },
    connect: async () => void calls.push('connect'),
    disconnect: async () => void calls.push('disconnect'),
    subscribe: async () => void calls.push('subscribe'),
    run: async () => {
      calls.push('run');
      if (failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('broker still away');
      }
    },
  };
  const producer = { connect: async () => undefined, disconnect: async () => undefined };
  const kafka = { consumer: () => consumer, producer: () => producer } as unknown as Kafka;
  const crash = (restart: boolean) =>
    emitter.emit('consumer.crash', {
      payload: { restart, error: new Error('Failed to find group coordinator') },
    });
  /** The next n `run` calls fail, as when the broker is not back yet. */
  const failNextRuns = (n: number) => (failuresLeft = n);
  return { kafka, calls, crash, failNextRuns };
}

const logger = { info: jest.fn(), warn: jest.fn(), error: jest.fn(), debug: jest.fn() };

function consumerOn(kafka: Kafka) {
  return new EventConsumer({
    kafka,
    bus: { prefix: 't' },
    groupId: 'test',
    subscriptions: [],
    processed: {} as ProcessedEventStore,
    logger: logger as never,
  });
}

async function until(what: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!what()) {
    if (Date.now() > deadline) throw new Error('not within the deadline');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('EventConsumer after kafkajs gives up on a crash', () => {
  it('connects and runs again, so the service goes on consuming', async () => {
    const { kafka, calls, crash } = fakeKafka();
    const consumer = consumerOn(kafka);
    await consumer.start();
    expect(calls.filter((c) => c === 'run')).toHaveLength(1);
    crash(false);
    await until(() => calls.filter((c) => c === 'run').length === 2);
    expect(calls.slice(-2)).toEqual(['connect', 'run']);
    await consumer.stop();
  });

  it('keeps trying while the broker is still away', async () => {
    const { kafka, calls, crash, failNextRuns } = fakeKafka();
    const consumer = consumerOn(kafka);
    await consumer.start();
    failNextRuns(1);
    crash(false);
    // A failed start after a 1 s pause, then one after 2 s more that runs.
    await until(() => calls.filter((c) => c === 'run').length === 3);
    expect(calls.slice(3)).toEqual(['connect', 'run', 'disconnect', 'connect', 'run']);
    await consumer.stop();
  });

  it('leaves a restart kafkajs makes itself, and a stopped consumer, alone', async () => {
    const { kafka, calls, crash } = fakeKafka();
    const consumer = consumerOn(kafka);
    await consumer.start();
    crash(true);
    await consumer.stop();
    crash(false);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(calls.filter((c) => c === 'run')).toHaveLength(1);
  });
});
