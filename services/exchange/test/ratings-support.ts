import { randomBytes } from 'node:crypto';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import mongoose from 'mongoose';
import {
  Topics,
  type EventEnvelope,
  type ProposalPartyResponse,
  type ProposalStatus,
} from '@swapbooth/contracts';
import { startServiceRuntime, type RunningService } from '@swapbooth/runtime';
import { eventually, signTestToken } from '@swapbooth/test-kit';
import { loadExchangeConfig, type ExchangeConfig } from '../src/config';
import type { PartyDirectory, ProposalFacts, ProposalLookup } from '../src/domain/ports';
import { ratingsRoutes } from '../src/api/ratings/ratings.routes';
import { buildRatingsDeps, ratingsModels, type RatingsDeps } from '../src/ratings-deps';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export interface RatingsMember {
  id: string;
  token: string;
}

export function newRatingsMember(): RatingsMember {
  const id = `u${randomBytes(6).toString('hex')}`;
  return { id, token: signTestToken(id) };
}

/** A small JSON client. */
export async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: Loose }> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

/** Reads every event on this run's rating topic, as search's consumer would. */
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

  of(ratedUserId: string): EventEnvelope<'rating.created'>[] {
    return this.seen.filter((e) => e.data.ratedUserId === ratedUserId);
  }

  /** Waits until `count` rating.created events about this member have arrived. */
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

/** Proposals whose facts a test sets (the proposals' own life is tested with the full service). */
export class SeededProposals implements ProposalLookup {
  private readonly facts = new Map<string, ProposalFacts>();
  add(senderId: string, receiverId: string, status: ProposalStatus = 'completed'): string {
    const proposalId = `p${randomBytes(6).toString('hex')}`;
    this.facts.set(proposalId, { proposalId, senderId, receiverId, status });
    return proposalId;
  }
  factsOf(id: string) {
    return Promise.resolve(this.facts.get(id));
  }
}

/** Members by id, named after their id. */
export class NamedParties implements PartyDirectory {
  party(userId: string): Promise<ProposalPartyResponse> {
    return Promise.resolve(named(userId));
  }
  parties(ids: readonly string[]) {
    return Promise.resolve(new Map(ids.map((id) => [id, named(id)])));
  }
}

const named = (id: string): ProposalPartyResponse => ({
  user_id: id,
  first_name: `First ${id}`,
  last_name: `Last ${id}`,
  username: id,
  profile_image: '',
});

/** FerretDB v1 loses one of two concurrent updates of a document across connections: use one. */
function oneConnection(url: string): string {
  if (/[?&]maxPoolSize=/.test(url)) return url;
  return `${url}${url.includes('?') ? '&' : '?'}maxPoolSize=1`;
}

export interface RatingsHarness {
  url: string;
  config: Readonly<ExchangeConfig>;
  proposals: SeededProposals;
  service: RunningService<ExchangeConfig, RatingsDeps>;
  stop(): Promise<void>;
}

/**
 * The ratings module alone on the real servers (its own database and topics), as the exchange
 * service wires it, with proposals a test seeds: for what needs many completed exchanges at once.
 */
export async function startRatingsModule(): Promise<RatingsHarness> {
  const tag = randomBytes(3).toString('hex');
  const base = process.env;
  const config = loadExchangeConfig({
    ...base,
    MONGO_URL: oneConnection(base.MONGO_URL ?? 'mongodb://127.0.0.1:27017/'),
    MONGO_DB_PREFIX: `${base.MONGO_DB_PREFIX ?? 'test_'}${tag}_`,
    KAFKA_TOPIC_PREFIX: `${base.KAFKA_TOPIC_PREFIX ?? 'test.'}${tag}.`,
    KAFKA_PARTITIONS: '1',
    LOG_LEVEL: 'error',
  });
  const proposals = new SeededProposals();
  const service = await startServiceRuntime({
    name: 'exchange',
    config,
    port: 0,
    relay: { pollIntervalMs: 200 },
    models: (conn) => ratingsModels(conn),
    deps: (ctx) => buildRatingsDeps(ctx, { proposals, parties: new NamedParties() }),
    routes: (app, deps, ctx) => {
      app.use(ratingsRoutes(ctx, deps));
    },
  });
  return {
    url: service.url,
    config,
    proposals,
    service,
    stop: async () => {
      await service.stop();
      await dropEverything(config);
    },
  };
}

async function dropEverything(config: Readonly<ExchangeConfig>): Promise<void> {
  const conn = await mongoose
    .createConnection(config.MONGO_URL, { dbName: `${config.MONGO_DB_PREFIX}exchange` })
    .asPromise();
  await conn.dropDatabase().catch(() => undefined);
  await conn.close();
  const admin = new Kafka({ brokers: config.KAFKA_BROKERS, logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((t) => t.startsWith(config.KAFKA_TOPIC_PREFIX));
  if (topics.length) await admin.deleteTopics({ topics }).catch(() => undefined);
  await admin.disconnect();
}
