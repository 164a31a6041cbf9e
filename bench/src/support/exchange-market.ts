import { randomUUID } from 'node:crypto';
import type { Producer } from 'kafkajs';
import mongoose from 'mongoose';
import { Topics, type EventData } from '@swapbooth/contracts';
import { signTestToken } from '@swapbooth/test-kit';
import { eventMessage, publish, sleep } from './stack';

export interface MarketMember {
  id: string;
  token: string;
  listings: string[];
}

export interface MarketSize {
  members: number;
  listings: number;
  /** The `product.created` data of listing `i`, owned by `owner`. */
  listing(id: string, owner: string, i: number): EventData<'product.created'>;
}

/**
 * The members of an exchange benchmark, each subscribed (as payment announces it) and owning
 * listings (as catalog announces them, round robin), on the run's topics; resolved once the
 * exchange service's own collections hold every listing and every subscription. The projections
 * fill from three partitions each, at their own pace; the database is only read, for readiness.
 */
export async function seedExchangeMarket(
  producer: Producer,
  run: { run: string; prefix: string },
  size: MarketSize,
): Promise<MarketMember[]> {
  const members: MarketMember[] = Array.from({ length: size.members }, () => {
    const id = `bench-${randomUUID()}`;
    return { id, token: signTestToken(id, { expiresIn: 3600 }), listings: [] };
  });
  // Subscriptions first, so they are in (or close behind) by the time the listings are.
  for (const m of members) {
    await publish(
      producer,
      run.prefix,
      'subscription.changed',
      m.id,
      { userId: m.id, status: 'active', currentPeriodEnd: null },
      Topics.subscription,
    );
  }
  const announcements: Array<{ key: string; value: string }> = [];
  for (let i = 0; i < size.listings; i++) {
    const m = members[i % size.members]!;
    const id = randomUUID();
    m.listings.push(id);
    announcements.push(eventMessage('product.created', id, size.listing(id, m.id, i)));
  }
  for (let i = 0; i < announcements.length; i += 200) {
    await producer.send({
      topic: `${run.prefix}${Topics.product}`,
      messages: announcements.slice(i, i + 200),
    });
  }
  const db = await mongoose
    .createConnection(process.env.MONGO_URL ?? 'mongodb://127.0.0.1:27017/', {
      dbName: `${run.run}_exchange`,
    })
    .asPromise();
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      const [listings, entitled] = await Promise.all([
        db.collection('listings').countDocuments(),
        db.collection('entitlements').countDocuments(),
      ]);
      if (listings >= size.listings && entitled >= size.members) return members;
      if (Date.now() > deadline) {
        throw new Error(`projections incomplete: ${listings} listings, ${entitled} entitlements`);
      }
      await sleep(250);
    }
  } finally {
    await db.close();
  }
}
