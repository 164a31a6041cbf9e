import { randomBytes } from 'node:crypto';
import type { Producer } from 'kafkajs';
import { createEvent, Topics, type ProductSnapshot } from '@swapbooth/contracts';
import { topicName } from '@swapbooth/event-bus';
import type { SearchConfig } from '@swapbooth/search';
import type { Seller } from './listings';

/**
 * The freshness part of `npm run bench:search`: how soon a catalog change shows in search,
 * through Kafka and the gateway as members would see it.
 */

export const FRESHNESS_SAMPLES = Number(process.env.BENCH_FRESHNESS_SAMPLES ?? 30);
/** Each freshness phase (created, edited, removed) stops taking samples after this long. */
export const FRESHNESS_PHASE_MS = Number(process.env.BENCH_FRESHNESS_PHASE_SECONDS ?? 60) * 1000;
export const POLL_MS = 10;
/** A change not visible after this long counts as lost (and would delay the next sample). */
export const FRESHNESS_TIMEOUT_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Card {
  product_id: string;
  user_profile?: { first_name?: string };
}

async function searchCards(base: string, params: Record<string, string>): Promise<Card[]> {
  const res = await fetch(`${base}/api/search?${new URLSearchParams(params).toString()}`);
  if (!res.ok) throw new Error(`search answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { data: { products: Card[] } };
  return body.data.products;
}

/** A published listing's snapshot as catalog sends it, by one of the loaded sellers. */
function snapshot(
  seller: Seller,
  productId: string,
  title: string,
  version: number,
): ProductSnapshot {
  const now = new Date().toISOString();
  return {
    productId,
    userId: seller.id,
    slug: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${productId}`,
    title,
    description: 'Solid maple, a few marks on the top. Would swap for houseplants.',
    category: 'Furniture',
    subCategory: 'Tables',
    condition: 'good',
    type: 'item',
    tags: ['table', 'maple'],
    status: 'published',
    images: [
      {
        image_url: `https://images.swapbooth.test/listings/${productId}/1.webp`,
        is_default: true,
        display_order: 1,
      },
    ],
    zipCode: seller.place.zip,
    city: seller.place.city,
    state: seller.place.state,
    sellerActive: true,
    createdAt: now,
    updatedAt: now,
    version,
  };
}

export const FRESHNESS_KINDS = ['created', 'edited', 'seller renamed', 'removed'] as const;
export type FreshnessKind = (typeof FRESHNESS_KINDS)[number];

export interface Freshness {
  /** Milliseconds from send to visible, one per listing seen. */
  samples: number[];
  /** Listings whose change was not visible within FRESHNESS_TIMEOUT_MS. */
  misses: number;
}

interface FreshListing {
  seller: Seller;
  id: string;
  first: string;
  second: string;
}

/**
 * Publishes catalog events through Kafka as catalog does and measures, per event, the time from
 * handing it to the producer until a search through the gateway shows its effect.
 */
export async function measureFreshness(
  producer: Producer,
  config: Readonly<SearchConfig>,
  gateway: string,
  sellers: readonly Seller[],
  probes: number[],
): Promise<Record<FreshnessKind, Freshness>> {
  const topic = topicName({ prefix: config.KAFKA_TOPIC_PREFIX }, Topics.product);
  const userTopic = topicName({ prefix: config.KAFKA_TOPIC_PREFIX }, Topics.user);
  /** A seller's new first name, as auth announces a profile edit. */
  const rename = async (seller: Seller, firstName: string) => {
    const envelope = createEvent(
      'user.profile-updated',
      {
        userId: seller.id,
        firstName,
        lastName: seller.lastName,
        username: seller.username,
        ...(seller.avatar ? { profileImage: seller.avatar } : {}),
        version: 1,
      },
      { producer: 'bench', subject: seller.id },
    );
    await producer.send({
      topic: userTopic,
      messages: [{ key: envelope.subject, value: JSON.stringify(envelope) }],
    });
  };
  const publish = async (
    type: 'product.created' | 'product.updated' | 'product.status-changed',
    data: ProductSnapshot,
  ) => {
    const envelope =
      type === 'product.status-changed'
        ? createEvent(
            type,
            { ...data, previousStatus: 'published' },
            { producer: 'bench', subject: data.productId },
          )
        : createEvent(type, data, { producer: 'bench', subject: data.productId });
    await producer.send({
      topic,
      messages: [{ key: envelope.subject, value: JSON.stringify(envelope) }],
    });
  };
  /** Milliseconds until `visible` holds, polling every POLL_MS; undefined after the timeout. */
  const timeUntil = async (send: () => Promise<void>, visible: () => Promise<boolean>) => {
    const t0 = performance.now();
    await send();
    while (performance.now() - t0 < FRESHNESS_TIMEOUT_MS) {
      const p0 = performance.now();
      const seen = await visible();
      probes.push(performance.now() - p0);
      if (seen) return performance.now() - t0;
      await sleep(POLL_MS);
    }
    return undefined;
  };
  const word = () => `maple${randomBytes(5).toString('hex')}`;
  const has = (query: string, id: string) => async () =>
    (await searchCards(gateway, { query })).some((c) => c.product_id === id);
  const shownAs = (query: string, id: string, firstName: string) => async () =>
    (await searchCards(gateway, { query })).some(
      (c) => c.product_id === id && c.user_profile?.first_name === firstName,
    );

  // The consumer's first fetch after joining its group is slower than steady state.
  const warm = snapshot(sellers[0]!, `bench-fresh-warm`, `Maple side table ${word()}`, 1);
  const warmWord = warm.title.split(' ').at(-1)!;
  if (
    (await timeUntil(() => publish('product.created', warm), has(warmWord, warm.productId))) ===
    undefined
  ) {
    throw new Error('a created listing never reached search');
  }

  const listings: FreshListing[] = Array.from({ length: FRESHNESS_SAMPLES }, (_, i) => ({
    seller: sellers[(i * 7919) % sellers.length]!,
    id: `bench-fresh-${i}`,
    first: word(),
    second: word(),
  }));
  /**
   * One change per listing, one at a time, each waited for until visible, so a slow change never
   * overlaps the next one. Stops early once the phase has used its time budget. Returns the
   * listings whose change was seen (the next phase continues from them).
   */
  const phase = async (
    f: Freshness,
    from: readonly FreshListing[],
    change: (l: FreshListing) => () => Promise<void>,
    visible: (l: FreshListing) => () => Promise<boolean>,
  ): Promise<FreshListing[]> => {
    const seen: FreshListing[] = [];
    const started = performance.now();
    for (const l of from) {
      if (performance.now() - started > FRESHNESS_PHASE_MS) break;
      const took = await timeUntil(change(l), visible(l));
      if (took === undefined) f.misses++;
      else {
        f.samples.push(took);
        seen.push(l);
      }
    }
    return seen;
  };
  const out = Object.fromEntries(
    FRESHNESS_KINDS.map((k) => [k, { samples: [], misses: 0 } as Freshness]),
  ) as Record<FreshnessKind, Freshness>;
  const created = await phase(
    out.created,
    listings,
    (l) => () =>
      publish('product.created', snapshot(l.seller, l.id, `Maple side table ${l.first}`, 1)),
    (l) => has(l.first, l.id),
  );
  const edited = await phase(
    out.edited,
    created,
    (l) => () =>
      publish('product.updated', snapshot(l.seller, l.id, `Maple side table ${l.second}`, 2)),
    (l) => has(l.second, l.id),
  );
  // A seller-wide change: every listing of the seller (a loaded seller holds about six) is
  // composed again with the new name.
  const renamed = await phase(
    out['seller renamed'],
    edited,
    (l) => () => rename(l.seller, `Renamed${l.first}`),
    (l) => shownAs(l.second, l.id, `Renamed${l.first}`),
  );
  await phase(
    out.removed,
    renamed,
    (l) => () =>
      publish('product.status-changed', {
        ...snapshot(l.seller, l.id, `Maple side table ${l.second}`, 3),
        status: 'removed',
      }),
    (l) => {
      const shown = has(l.second, l.id);
      return async () => !(await shown());
    },
  );
  return out;
}
