import { claimAll } from './claim-listings';
import type { Reservation, ReservationStore } from './proposal-ports';

/** Reservations in memory: one per listing, as the unique key keeps them. */
function memoryReservations(): ReservationStore & { held: Map<string, Reservation> } {
  const held = new Map<string, Reservation>();
  return {
    held,
    async claim(listingId, proposalId, at) {
      const r = held.get(listingId);
      if (r) return r;
      held.set(listingId, { listingId, proposalId, at });
      return 'claimed';
    },
    async claimInOrder(listingIds, proposalId, at) {
      const claimed: string[] = [];
      for (const listingId of listingIds) {
        const r = held.get(listingId);
        if (r) return { claimed, held: r };
        held.set(listingId, { listingId, proposalId, at });
        claimed.push(listingId);
      }
      return { claimed };
    },
    async takeOver(r, proposalId, at) {
      const cur = held.get(r.listingId);
      if (cur?.proposalId !== r.proposalId || cur.at !== r.at) return false;
      held.set(r.listingId, { listingId: r.listingId, proposalId, at });
      return true;
    },
    async release(listingId, proposalId) {
      if (held.get(listingId)?.proposalId === proposalId) held.delete(listingId);
    },
    async releaseMany(listingIds, proposalId) {
      for (const id of listingIds) if (held.get(id)?.proposalId === proposalId) held.delete(id);
    },
    async find(listingId) {
      return held.get(listingId);
    },
    async findMany(listingIds) {
      return new Map(listingIds.flatMap((id) => (held.has(id) ? [[id, held.get(id)!]] : [])));
    },
    async dueForCheck() {
      return [];
    },
    async checked() {},
  };
}

const at = new Date('2026-01-01T00:00:00Z');
const never = async () => false;

describe('claimAll', () => {
  it('claims every listing for the holder', async () => {
    const store = memoryReservations();
    expect(await claimAll(store, ['a', 'b'], 'p1', at, never)).toEqual({ claimed: ['a', 'b'] });
    expect([...store.held.values()].map((r) => r.proposalId)).toEqual(['p1', 'p1']);
  });

  it('undoes its own claims when a listing is held by something that still stands', async () => {
    const store = memoryReservations();
    await store.claim('b', 'other', at);
    expect(await claimAll(store, ['a', 'b', 'c'], 'p1', at, never)).toEqual({
      claimed: [],
      blockedBy: 'b',
    });
    expect([...store.held.keys()]).toEqual(['b']);
    expect(store.held.get('b')?.proposalId).toBe('other');
  });

  it('takes over a listing whose holder no longer stands, and counts its own earlier claim', async () => {
    const store = memoryReservations();
    await store.claim('a', 'p1', at);
    await store.claim('b', 'abandoned', at);
    const res = await claimAll(
      store,
      ['a', 'b'],
      'p1',
      at,
      async (r) => r.proposalId === 'abandoned',
    );
    // 'a' was already this holder's (an earlier attempt): not this call's to undo.
    expect(res).toEqual({ claimed: ['b'] });
    expect(store.held.get('b')?.proposalId).toBe('p1');
  });
});
