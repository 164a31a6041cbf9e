import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import { Topics, type EventEnvelope, type ProposalStatus } from '@swapbooth/contracts';
import { eventually } from '@swapbooth/test-kit';
import type { ProposalFacts, ProposalLookup } from '../src/shared/domain/ports';
import { startExchange, type Harness } from './support/harness';

/** Reads every event on the instance's rating topic, with its key, as search's consumer would. */
export class RatingTap {
  private readonly kafka: Kafka;
  private consumer: Consumer | undefined;
  readonly seen: EventEnvelope<'rating.created'>[] = [];
  readonly keys: string[] = [];

  constructor(
    brokers: string[],
    private readonly prefix: string,
  ) {
    this.kafka = new Kafka({ brokers, clientId: 'ratings-test', logLevel: logLevel.NOTHING });
  }

  async start(): Promise<void> {
    this.consumer = this.kafka.consumer({
      groupId: `${this.prefix}ratings-tap-${randomBytes(3).toString('hex')}`,
      maxWaitTimeInMs: 100,
    });
    await this.consumer.connect();
    await this.consumer.subscribe({
      topics: [`${this.prefix}${Topics.rating}`],
      fromBeginning: true,
    });
    await this.consumer.run({
      eachMessage: async ({ message }) => {
        this.keys.push(message.key?.toString() ?? '');
        this.seen.push(JSON.parse(message.value!.toString()) as EventEnvelope<'rating.created'>);
      },
    });
  }

  /** The rating.created events about one member, in the order they arrived. */
  of(ratedUserId: string): EventEnvelope<'rating.created'>[] {
    return this.seen.filter((e) => e.data.ratedUserId === ratedUserId);
  }

  /** The key the event of a rating was published under. */
  keyOf(ratingId: string): string | undefined {
    return this.keys[this.seen.findIndex((e) => e.data.ratingId === ratingId)];
  }

  /** Waits until at least `count` rating.created events about this member have arrived. */
  waitForCount(ratedUserId: string, count: number, timeoutMs = 20_000) {
    return eventually(
      () => this.of(ratedUserId).length >= count && this.of(ratedUserId),
      timeoutMs,
    );
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}

/** Completed (or other) proposals a test declares, for what needs many of them at once. */
export class SeededProposals implements ProposalLookup {
  private readonly facts = new Map<string, ProposalFacts>();
  add(
    senderId: string,
    receiverId: string,
    status: ProposalStatus = 'completed',
    completedAt?: Date,
  ): string {
    const proposalId = `p${randomBytes(6).toString('hex')}`;
    this.facts.set(proposalId, {
      proposalId,
      senderId,
      receiverId,
      status,
      ...(completedAt ? { completedAt } : {}),
    });
    return proposalId;
  }
  /** Moves a seeded proposal to another status (a dispute closing, say). */
  set(proposalId: string, status: ProposalStatus, completedAt?: Date): void {
    const facts = this.facts.get(proposalId)!;
    this.facts.set(proposalId, { ...facts, status, ...(completedAt ? { completedAt } : {}) });
  }
  factsOf(id: string) {
    return Promise.resolve(this.facts.get(id));
  }
}

export interface SeededHarness extends Harness {
  proposals: SeededProposals;
  ratings: RatingTap;
  /**
   * Shows every hidden rating, as the reveal sweep does 14 days after completion (`sweeps` passes
   * at once, as replicas would).
   */
  revealAll(sweeps?: number): Promise<void>;
}

/**
 * The whole exchange service on the real servers, its ratings module asking seeded proposals
 * instead of its own (completing dozens of trades through the API would only slow the test down;
 * ratings.test.ts rates real completed trades).
 */
export async function startWithSeededProposals(): Promise<SeededHarness> {
  const h = await startExchange();
  const proposals = new SeededProposals();
  h.service.deps.ratings.proposals = proposals;
  const ratings = new RatingTap(h.config.KAFKA_BROKERS, h.config.KAFKA_TOPIC_PREFIX);
  await ratings.start();
  return {
    ...h,
    proposals,
    ratings,
    revealAll: async (sweeps = 1) => {
      const deps = h.service.deps.ratings;
      const now = deps.now;
      const later = new Date(Date.now() + 15 * 24 * 3600_000);
      deps.now = () => later;
      try {
        await Promise.all(Array.from({ length: sweeps }, () => deps.revealDue()));
      } finally {
        deps.now = now;
      }
    },
    stop: async () => {
      await ratings.stop();
      await h.stop();
    },
  };
}
