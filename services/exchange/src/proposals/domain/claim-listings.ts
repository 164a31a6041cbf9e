import type { Reservation, ReservationStore } from './proposal-ports';

/** The holder name of a reservation taken for a pending circle (reservations name their holder). */
export const circleHold = (circleId: string): string => `circle:${circleId}`;

/** The circle id behind a reservation holder, or undefined for a proposal's reservation. */
export const circleOfHold = (holder: string): string | undefined =>
  holder.startsWith('circle:') ? holder.slice('circle:'.length) : undefined;

/**
 * Claims every listing for `holder` (an accepted exchange, a pending circle, one of a circle's
 * exchanges), or none: each listing's reservation is inserted under its unique id; one already
 * held by `holder` counts as claimed (an earlier attempt of the same move), one held by something
 * else is taken over when `mayTakeOver` says its holder no longer stands behind it. Otherwise the
 * claims this call made are undone and the listing that blocked is answered. `claimed`: the
 * listings this call claimed (for undoing them if a later step fails).
 */
export async function claimAll(
  reservations: ReservationStore,
  listingIds: readonly string[],
  holder: string,
  at: Date,
  mayTakeOver: (held: Reservation) => Promise<boolean>,
): Promise<{ claimed: string[]; blockedBy?: string }> {
  const claimed: string[] = [];
  let rest = [...listingIds];
  while (rest.length > 0) {
    // The listings in order, up to the first one held (one write for all when none is).
    const got = await reservations.claimInOrder(rest, holder, at);
    claimed.push(...got.claimed);
    const held = got.held;
    if (!held) break;
    const lid = held.listingId;
    rest = rest.slice(rest.indexOf(lid) + 1);
    if (held.proposalId === holder) continue;
    if ((await mayTakeOver(held)) && (await reservations.takeOver(held, holder, at))) {
      claimed.push(lid);
      continue;
    }
    await releaseAll(reservations, claimed, holder);
    return { claimed: [], blockedBy: lid };
  }
  return { claimed };
}

/** Releases the listings `holder` holds (a listing held by anything else is left alone). */
export async function releaseAll(
  reservations: ReservationStore,
  listingIds: readonly string[],
  holder: string,
): Promise<void> {
  if (listingIds.length > 0) await reservations.releaseMany(listingIds, holder);
}
