import { randomBytes } from 'node:crypto';
import type { EventData, EventEnvelope, EventType } from '@swapbooth/contracts';
import type { RunningService } from '@swapbooth/runtime';
import {
  newMember,
  startServiceUnderTest,
  type TestMember as Member,
  type Env,
  type Reply,
} from '@swapbooth/test-kit';
import { loadNotificationConfig, type NotificationConfig } from '../src/config';
import type { NotificationDeps } from '../src/deps';
import { startNotificationService } from '../src/service';

export { newMember, type Member };

export interface NotificationHarness {
  url: string;
  config: Readonly<NotificationConfig>;
  service: RunningService<NotificationConfig, NotificationDeps>;
  call(method: string, path: string, token?: string, body?: unknown): Promise<Reply>;
  publish<K extends EventType>(
    type: K,
    subject: string,
    data: EventData<K>,
  ): Promise<EventEnvelope<K>>;
  /** Sends an envelope as it is (a redelivery sends the same one again). */
  send(env: EventEnvelope): Promise<void>;
  /** Another process of the same service: same database, topics and Redis. */
  startReplica(): Promise<RunningService<NotificationConfig, NotificationDeps>>;
  stop(): Promise<void>;
}

/**
 * Starts notification in this process against the real servers, with its own database, topics
 * and Redis keys, and a producer for its inputs.
 */
export async function startNotification(env: Env = {}): Promise<NotificationHarness> {
  const sut = await startServiceUnderTest({
    name: 'notification',
    loadConfig: loadNotificationConfig,
    start: startNotificationService,
    env: { APP_URL: 'http://app.test', SHUTDOWN_TIMEOUT_MS: '2000', ...env },
    isolated: { redisKeys: true },
  });
  const events = await sut.publisher();
  return {
    url: sut.url,
    config: sut.config,
    service: sut.service,
    call: (method, path, token, body) => sut.api.call(method, path, { token, body }),
    publish: (type, subject, data) => events.publish(type, subject, data),
    send: (env) => events.send(env),
    startReplica: sut.startReplica,
    stop: sut.stop,
  };
}

/** What the parties of a proposal event carry. */
export const proposalFacts = (id: string, sender: Member, receiver: Member, actorId?: string) => ({
  proposalId: id,
  senderId: sender.id,
  receiverId: receiver.id,
  productIds: ['r1'],
  offeredProductIds: ['s1'],
  ...(actorId ? { actorId } : {}),
});

export const newProposalId = () => `p${randomBytes(6).toString('hex')}`;
