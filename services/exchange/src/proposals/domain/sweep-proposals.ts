import { AppError } from '@swapbooth/service-kit';
import { decideExpiry, decideUnavailable } from './proposal-moves';
import { decideClocks } from './trade-clock';
import type { Proposal } from './proposal';
import type { ProposalDeps } from './proposal-deps';
import { mutateProposal, mutateProposals } from './mutate-proposal';
import { isAbandoned } from './answer-proposal';
import type { DueWork } from '../../shared/domain/due-work';

/** Open proposals nobody answered in time become `expired`. */
export const overdueProposals = (deps: Pick<ProposalDeps, 'proposals'>): DueWork => ({
  name: 'expired',
  due: (now, limit) => deps.proposals.dueIds(now, limit),
  settle: (id, now) => mutateProposal(deps.proposals, id, (p) => decideExpiry(p, now)),
});

/**
 * Accepted exchanges with a clock due (a reminder, a shipping deadline, an assumed delivery, the
 * end of the report window) take their step. Each write is guarded by the version read, so when
 * two replicas sweep at once one settles it and the other finds nothing due any more; the events
 * go out with the write, so a sweep stopped half-way sends none twice.
 */
export function dueClocks(deps: Pick<ProposalDeps, 'proposals' | 'clock'>): DueWork {
  // Each batch is read whole and written in one go, so settling one costs its share of the
  // batch's writes; one whose write lost to a concurrent change is read again and settled alone.
  const read = new Map<string, Proposal>();
  const decide = (now: Date) => (p: Proposal) => decideClocks(p, now, deps.clock);
  return {
    name: 'clocks',
    // Read a thousand at a time: each read of what is due costs the same whatever it returns
    // (a server without a range index scans the collection for it).
    batch: 1000,
    due: async (now, limit) => {
      read.clear();
      const found = await deps.proposals.dueForClocks(now, limit);
      for (const p of found) read.set(p.id, p);
      return found.map((p) => p.id);
    },
    settleAll: async (ids, now) => {
      const states = ids.flatMap((id) => read.get(id) ?? []);
      for (const id of ids) read.delete(id);
      const again = await mutateProposals(deps.proposals, states, decide(now));
      const known = new Set(states.map((p) => p.id));
      return [...ids.filter((id) => !known.has(id)), ...again];
    },
    settle: (id, now) => {
      const known = read.get(id);
      read.delete(id);
      return mutateProposal(deps.proposals, id, decide(now), known);
    },
  };
}

/**
 * Reservations that no accepted exchange or circle stands behind once their grace period is over
 * (an accept that stopped between claiming the listings and storing the proposal) are released;
 * each claim is looked at once.
 */
export const halfWayReservations = (
  deps: Pick<ProposalDeps, 'reservations' | 'proposals' | 'reservationGraceMs' | 'circleHolds'>,
): DueWork => ({
  name: 'released',
  due: async (now, limit) =>
    (await deps.reservations.dueForCheck(now, limit)).map((r) => r.listingId),
  settle: async (listingId, now) => {
    const r = await deps.reservations.find(listingId);
    if (!r) return;
    if (await isAbandoned(deps, r, now)) await deps.reservations.release(r.listingId, r.proposalId);
    else await deps.reservations.checked(r);
  },
});

/**
 * Open proposals naming any of these listings become `unavailable`: another exchange reserved them
 * (`causedByProposalId`) or they left the catalog.
 */
export async function markUnavailable(
  deps: Pick<ProposalDeps, 'proposals' | 'now'>,
  listingIds: readonly string[],
  causedByProposalId?: string,
): Promise<void> {
  const open = await deps.proposals.openNaming(listingIds);
  for (const { id } of open) {
    if (id === causedByProposalId) continue;
    try {
      await mutateProposal(deps.proposals, id, (p) =>
        decideUnavailable(p, listingIds, deps.now(), causedByProposalId),
      );
    } catch (err) {
      // A proposal that vanished meanwhile is forgotten.
      if (!(err instanceof AppError && err.code === 'not_found')) throw err;
    }
  }
}
