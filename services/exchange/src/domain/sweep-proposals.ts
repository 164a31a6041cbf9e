import { AppError } from '@swapbooth/service-kit';
import { decideExpiry, decideUnavailable } from './proposal-moves';
import type { ProposalDeps } from './proposal-deps';
import { mutateProposal } from './mutate-proposal';
import { isAbandoned } from './answer-proposal';

/** Runs a move and forgets a proposal that vanished meanwhile. */
async function quietly(run: () => Promise<unknown>): Promise<void> {
  try {
    await run();
  } catch (err) {
    if (!(err instanceof AppError && err.code === 'not_found')) throw err;
  }
}

/**
 * Open proposals nobody answered in time become `expired`. Reads the calendar's buckets from the
 * last unfinished one up to the current one; a bucket wholly in the past is dropped once swept.
 * Returns how many proposals were looked at.
 */
export async function expireProposals(
  deps: Pick<ProposalDeps, 'proposals' | 'expiryCalendar' | 'now'>,
): Promise<number> {
  const now = deps.now();
  const calendar = deps.expiryCalendar;
  const current = calendar.bucketOf(now);
  const from = (await calendar.cursor()) ?? current;
  let looked = 0;
  for (let bucket = from; bucket <= current; bucket++) {
    const ids = await calendar.idsIn(bucket);
    for (const id of ids) {
      await quietly(() => mutateProposal(deps.proposals, id, (p) => decideExpiry(p, now)));
    }
    looked += ids.length;
    // Everything in a past bucket was due by now: swept for good.
    if (bucket < current) {
      await calendar.drop(bucket);
      await calendar.setCursor(bucket + 1);
    }
  }
  // Every bucket before the current one is swept (also when the clock went back).
  await calendar.setCursor(current);
  return looked;
}

/**
 * Releases reservations that no accepted exchange stands behind (an accept that stopped between
 * claiming the listings and storing the proposal, a cancel that stopped before releasing). Looks
 * at the claims filed in buckets wholly older than the grace period, each once.
 */
export async function releaseAbandonedReservations(
  deps: Pick<
    ProposalDeps,
    'reservations' | 'proposals' | 'claimCalendar' | 'now' | 'reservationGraceMs' | 'circleHolds'
  >,
): Promise<number> {
  const now = deps.now();
  const calendar = deps.claimCalendar;
  const last = calendar.bucketOf(new Date(now.getTime() - deps.reservationGraceMs)) - 1;
  const from = (await calendar.cursor()) ?? last + 1;
  let released = 0;
  for (let bucket = from; bucket <= last; bucket++) {
    for (const listingId of await calendar.idsIn(bucket)) {
      const r = await deps.reservations.find(listingId);
      if (r && (await isAbandoned(deps, r, now))) {
        await deps.reservations.release(r.listingId, r.proposalId);
        released++;
      }
    }
    await calendar.drop(bucket);
    await calendar.setCursor(bucket + 1);
  }
  // Every bucket up to `last` is swept (also when the clock went back).
  await calendar.setCursor(last + 1);
  return released;
}

/**
 * Open proposals naming any of these listings become `unavailable`: another exchange reserved them
 * (`causedByProposalId`) or they left the catalog.
 */
export async function markUnavailable(
  deps: Pick<ProposalDeps, 'proposals' | 'proposalIndex' | 'now'>,
  listingIds: readonly string[],
  causedByProposalId?: string,
): Promise<void> {
  const ids = new Set<string>();
  for (const lid of listingIds) {
    for (const pid of await deps.proposalIndex.idsOfListing(lid)) ids.add(pid);
  }
  ids.delete(causedByProposalId ?? '');
  for (const id of ids) {
    await quietly(() =>
      mutateProposal(deps.proposals, id, (p) =>
        decideUnavailable(p, listingIds, deps.now(), causedByProposalId),
      ),
    );
  }
}
