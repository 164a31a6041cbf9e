import { randomUUID } from 'node:crypto';
import type { EventData, EventType } from '@swapbooth/contracts';
import { signTestToken } from '@swapbooth/test-kit';
import type { FaultStack } from './stack';

export interface Member {
  id: string;
  email: string;
  token: string;
  listings: string[];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until fn answers truthy; the error names what was still missing. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | false | undefined | null>,
  timeoutMs: number,
  everyMs = 500,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v;
    } catch (err) {
      last = err;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `${what}: not within ${timeoutMs / 1000} s${last ? ` (${(last as Error).message})` : ''}`,
      );
    }
    await sleep(everyMs);
  }
}

/**
 * Members with e-mail addresses, active subscriptions and published listings, announced as auth,
 * payment and catalog announce them (events on the stack's topics); waits until the exchange
 * service (and notification, when running) hold them all.
 */
export async function seedMarket(
  stack: FaultStack,
  opts: { members: number; listingsPerMember: number; notification: boolean },
): Promise<Member[]> {
  const tag = randomUUID().slice(0, 6);
  const members: Member[] = Array.from({ length: opts.members }, (_, i) => {
    const id = `fm-${tag}-${i}`;
    return {
      id,
      email: `${id}@faults.swapbooth.test`,
      token: signTestToken(id, { expiresIn: 4 * 3600 }),
      listings: [],
    };
  });
  const events: Array<{ type: EventType; subject: string; data: EventData<EventType> }> = [];
  const ev = <K extends EventType>(type: K, subject: string, data: EventData<K>) =>
    events.push({ type, subject, data: data as EventData<EventType> });
  for (const m of members) {
    ev('user.registered', m.id, { userId: m.id, email: m.email, authMethod: 'email' });
    ev('subscription.changed', m.id, { userId: m.id, status: 'active', currentPeriodEnd: null });
  }
  let n = 0;
  for (const m of members) {
    for (let j = 0; j < opts.listingsPerMember; j++) {
      const id = randomUUID();
      m.listings.push(id);
      const now = new Date().toISOString();
      ev('product.created', id, {
        productId: id,
        userId: m.id,
        slug: `fault-listing-${n}-${id.slice(0, 6)}`,
        title: `Fault listing ${n++}`,
        description: 'A listing of the fault suite',
        category: 'Books',
        type: 'item',
        tags: [],
        status: 'published',
        images: [],
        createdAt: now,
        updatedAt: now,
        version: 1,
      });
    }
  }
  await stack.publishMany(events);
  const total = opts.members * opts.listingsPerMember;
  const exchange = await stack.db('exchange');
  await until(
    `the exchange service's projections (${total} listings, ${opts.members} entitlements)`,
    async () =>
      (await exchange.collection('listings').countDocuments()) >= total &&
      (await exchange.collection('entitlements').countDocuments()) >= opts.members,
    300_000,
  );
  if (opts.notification) {
    const notification = await stack.db('notification');
    await until(
      `the notification service's members (${opts.members} with e-mail and subscription)`,
      async () =>
        (await notification
          .collection('members')
          .countDocuments({ email: { $exists: true }, subscriptionStatus: 'active' })) >=
        opts.members,
      300_000,
    );
  }
  return members;
}

/** Calls a service's API with a member's token; never throws for an HTTP status. */
export async function call(
  base: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
  timeoutMs = 30_000,
): Promise<{ status: number; body: { data?: Record<string, unknown>; message?: string } }> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const json = (await res.json().catch(() => ({}))) as {
      data?: Record<string, unknown>;
      message?: string;
    };
    return { status: res.status, body: json };
  } catch (err) {
    // No answer at all (connection refused or reset, timeout): status 0.
    return { status: 0, body: { message: (err as Error).message } };
  }
}

/** A proposal from sender to receiver: one listing of each, as the exchange API takes it. */
export const proposalBody = (
  sender: Member,
  receiver: Member,
  requested: string,
  offered: string,
) => ({
  userId: sender.id,
  receiverId: receiver.id,
  requestedProductIds: [requested],
  offeredProductIds: [offered],
  message: 'Would you trade?',
});

/** p-th percentile of a list of numbers. */
export const percentile = (values: number[], p: number): number => {
  const s = [...values].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(p * s.length))]! : NaN;
};

/** Runs fn over items with at most `concurrency` at once. */
export async function pool<T>(
  items: T[],
  concurrency: number,
  fn: (item: T, i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}
