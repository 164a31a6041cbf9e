/**
 * A demo trade circle: member06, member07 and member08 (none of them in member01's demo trades)
 * each put a want list on one of their listings, naming the next one's listing — member06 would
 * give theirs for member07's, member07 for member08's, member08 for member06's. That closes a
 * cycle of three, so the exchange service's matcher proposes them a circle within seconds; signing
 * in as any of them shows it under Circles. Idempotent: when member06 already has a want list, the
 * circle was seeded on an earlier run and nothing is done.
 *
 * Listings reach the exchange service through catalog's events, so a want list naming a listing it
 * has not heard of yet (404 for one's own, 400 "unknown listings" for a wanted one) is retried up
 * to a deadline.
 */
import type { Api, Reply } from './http';
import type { Session } from './session';
import type { TradeListing } from './trades';

/** The members of the demo circle, by member number. */
export const CIRCLE_MEMBERS = [6, 7, 8] as const;

export interface CircleOutcome {
  circle: 'kept' | 'proposed' | 'waiting';
  /** Seconds from the want list that closed the cycle to the circle being shown to its members. */
  seconds?: number;
}

const PROPAGATION_MS = 90_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const notHeardYet = (r: Reply<unknown>) =>
  r.status === 404 || (r.status === 400 && /unknown listings/.test(r.body.message ?? ''));

export async function seedCircle(input: {
  exchange: Api;
  sessions: Map<number, Session>;
  listingsOf: (userId: string) => Promise<TradeListing[]>;
}): Promise<CircleOutcome> {
  const { exchange } = input;
  const sessions = CIRCLE_MEMBERS.map((n) => {
    const s = input.sessions.get(n);
    if (!s) throw new Error(`member${String(n).padStart(2, '0')} has no session`);
    return s;
  });
  const mine = await exchange.request<{ want_lists: unknown[] }>('GET', '/api/circles/wants', {
    token: sessions[0]!.token,
  });
  if ((mine.body.data?.want_lists.length ?? 0) > 0) return { circle: 'kept' };

  const listings: TradeListing[] = [];
  for (const s of sessions) {
    const [first] = await input.listingsOf(s.userId);
    if (!first) throw new Error(`${s.userId} has no published listing for the demo circle`);
    listings.push(first);
  }
  let closedAt = 0;
  for (let i = 0; i < sessions.length; i++) {
    const wanted = listings[(i + 1) % listings.length]!;
    const deadline = Date.now() + PROPAGATION_MS;
    for (let wait = 200; ; wait = Math.min(wait * 2, 2000)) {
      const r = await exchange.request('PUT', `/api/circles/wants/${listings[i]!.product_id}`, {
        token: sessions[i]!.token,
        body: { wants: [wanted.product_id] },
        accept: [400, 404],
      });
      if (r.status === 200) break;
      if (!notHeardYet(r) || Date.now() > deadline) {
        throw new Error(`want list of ${listings[i]!.title}: ${r.status} ${r.body.message ?? ''}`);
      }
      await sleep(wait);
    }
    closedAt = Date.now();
  }
  // The matcher runs a second or so after the last change.
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const r = await exchange.request<{ circles: unknown[] }>('GET', '/api/circles', {
      token: sessions[0]!.token,
    });
    if ((r.body.data?.circles.length ?? 0) > 0) {
      return { circle: 'proposed', seconds: (Date.now() - closedAt) / 1000 };
    }
    await sleep(250);
  }
  return { circle: 'waiting' };
}
