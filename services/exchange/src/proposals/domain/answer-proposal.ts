import { AppError } from '@swapbooth/service-kit';
import { compareAndSet, CONFLICT } from '@swapbooth/event-bus';
import type { ShippingStatus } from '@swapbooth/contracts';
import {
  currentTerms,
  isParty,
  listingsOf,
  termsBy,
  type ParcelSide,
  type Proposal,
  type Terms,
} from './proposal';
import {
  assertParty,
  decideCounter,
  decideShipping,
  decideStatus,
  type StatusTarget,
} from './proposal-moves';
import type { ProposalDeps } from './proposal-deps';
import type { Reservation } from './proposal-ports';
import { mutateProposal, proposalNotFound } from './mutate-proposal';
import { validateTerms } from './validate-terms';
import { decideConfirm, decideExtend } from './trade-clock';
import { cannotPropose } from './member-blocks';
import { circleOfHold, claimAll, releaseAll } from './claim-listings';

/** Whether the actor may see the details: a receiver needs an active or trialing subscription. */
async function entitledAs(
  deps: Pick<ProposalDeps, 'entitlements'>,
  p: Proposal,
  actorId: string,
): Promise<boolean> {
  return actorId !== p.receiverId || deps.entitlements.isEntitled(actorId);
}

/**
 * Whether a reservation no longer stands for an exchange: its proposal is finished without being
 * accepted, or it never got accepted within the grace period (an accept that stopped half-way).
 */
export async function isAbandoned(
  deps: Pick<ProposalDeps, 'proposals' | 'reservationGraceMs' | 'circleHolds'>,
  r: Reservation,
  now: Date,
): Promise<boolean> {
  const circleId = circleOfHold(r.proposalId);
  if (circleId !== undefined) {
    // A pending or accepted circle's reservation stands; a dissolved one's does not.
    const held = await deps.circleHolds(circleId);
    if (held !== 'unknown') return held === 'released';
    return now.getTime() - r.at.getTime() > deps.reservationGraceMs;
  }
  const holder = await deps.proposals.findById(r.proposalId);
  // A disputed exchange keeps its listings reserved until the dispute closes.
  if (
    holder?.status === 'accepted' ||
    holder?.status === 'disputed' ||
    holder?.status === 'completed'
  ) {
    return false;
  }
  if (holder && holder.status !== 'pending' && holder.status !== 'countered') return true;
  return now.getTime() - r.at.getTime() > deps.reservationGraceMs;
}

/**
 * Accepting reserves every listing of the accepted terms, then stores the acceptance. Each listing
 * is claimed by inserting its reservation (unique by listing id); a listing held by another
 * exchange undoes this attempt's claims and answers 409. The proposal's write is guarded by the
 * version read: when it lost to a concurrent change the claims are undone and the decision is
 * taken again from the fresh state.
 */
async function accept(deps: ProposalDeps, id: string, actorId: string): Promise<Proposal> {
  return compareAndSet(
    async () => {
      const p = await deps.proposals.findById(id);
      if (!p) throw proposalNotFound();
      // The party who accepted, asking again (a retry after an answer lost on the way, e.g. the
      // database connection dropped after the write): the same state, answered again, no new event.
      if (p.status === 'accepted' && isParty(p, actorId) && termsBy(p) !== actorId) return p;
      const now = deps.now();
      const ids = listingsOf(currentTerms(p)).sort();
      // The reads the rules need, side by side; their refusals are answered in the rules' order.
      const [entitledRead, blockedRead, listingsRead] = await Promise.allSettled([
        entitledAs(deps, p, actorId),
        deps.memberBlocks.blockedEitherWay(p.senderId, p.receiverId),
        deps.listings.listings(ids),
      ]);
      const move = decideStatus(p, actorId, 'accepted', {
        now,
        entitled: settled(entitledRead),
        clock: deps.clock,
      });
      // A block between the two ends their open proposals; one it has not reached yet is refused.
      if (settled(blockedRead)) throw cannotPropose();
      const listings = settled(listingsRead);
      const title = (lid: string) => listings.get(lid)?.title ?? lid;
      for (const lid of ids) {
        const l = listings.get(lid);
        if (!l || (l.status !== 'published' && l.status !== 'reserved') || !l.sellerActive) {
          throw AppError.conflict(`Listing ${title(lid)} is no longer available`);
        }
      }
      const { claimed, blockedBy } = await claimAll(deps.reservations, ids, p.id, now, (held) =>
        isAbandoned(deps, held, now),
      );
      if (blockedBy !== undefined) {
        throw AppError.conflict(`Listing ${title(blockedBy)} is no longer available`);
      }
      const next = { ...move.next, version: p.version + 1 };
      if (await deps.proposals.replace(next, p.version, move.events)) return next;
      await releaseAll(deps.reservations, claimed, p.id);
      return CONFLICT;
    },
    { exhausted: () => AppError.conflict('The proposal changed meanwhile; try again') },
  );
}

/** `PUT /proposal/{id}/status`: accept, reject or cancel. */
export async function changeProposalStatus(
  deps: ProposalDeps,
  id: string,
  actorId: string,
  to: StatusTarget,
): Promise<Proposal> {
  if (to === 'accepted') return accept(deps, id, actorId);
  let previous: Proposal | undefined;
  const next = await mutateProposal(deps.proposals, id, async (p) => {
    previous = p;
    return decideStatus(p, actorId, to, {
      now: deps.now(),
      entitled: await entitledAs(deps, p, actorId),
    });
  });
  if (to === 'cancelled' && previous?.status === 'accepted') {
    // Releasing after the write: a stop in between leaves reservations the sweeper releases.
    await releaseAll(deps.reservations, listingsOf(currentTerms(previous)), id);
  }
  return next;
}

/** `POST /proposal/{id}/counter`: new terms from the party whose turn it is. */
export async function counterProposal(
  deps: ProposalDeps,
  id: string,
  actorId: string,
  terms: Terms,
): Promise<Proposal> {
  const p = await deps.proposals.findById(id);
  if (!p) throw proposalNotFound();
  assertParty(p, actorId);
  const now = deps.now();
  const expiresAt = new Date(now.getTime() + deps.proposalTtlMs);
  // The reads the rules need, side by side; their refusals are answered in the rules' order.
  const [entitledRead, blockedRead, validRead] = await Promise.allSettled([
    entitledAs(deps, p, actorId),
    deps.memberBlocks.blockedEitherWay(p.senderId, p.receiverId),
    validateTerms(deps, p.senderId, p.receiverId, terms, p.id),
  ]);
  // The actor and the receiver are the same in every version of the proposal.
  const entitled = settled(entitledRead);
  // The turn and the gate first (they are answered without looking at the new terms).
  decideCounter(p, actorId, terms, { now, entitled, expiresAt });
  if (settled(blockedRead)) throw cannotPropose();
  settled(validRead);
  // The first attempt decides from the state just read; a concurrent change reads it again.
  return mutateProposal(
    deps.proposals,
    id,
    (current) => decideCounter(current, actorId, terms, { now, entitled, expiresAt }),
    p,
  );
}

/** A read's value, or its refusal thrown. */
function settled<T>(r: PromiseSettledResult<T>): T {
  if (r.status === 'rejected') throw r.reason;
  return r.value;
}

/** `PUT /proposal/{id}/shipping-status`: one parcel's step; both delivered completes it. */
export function updateShipping(
  deps: ProposalDeps,
  id: string,
  actorId: string,
  side: ParcelSide,
  status: ShippingStatus,
  trackingNote: string | undefined,
): Promise<Proposal> {
  return mutateProposal(deps.proposals, id, (p) =>
    decideShipping(p, actorId, side, status, trackingNote, { now: deps.now(), clock: deps.clock }),
  );
}

/** `POST /proposal/{id}/confirm`: "Everything is OK"; every receiver's OK completes it early. */
export function confirmExchange(
  deps: ProposalDeps,
  id: string,
  actorId: string,
): Promise<Proposal> {
  return mutateProposal(deps.proposals, id, (p) =>
    decideConfirm(p, actorId, deps.now(), deps.clock),
  );
}

/** `POST /proposal/{id}/extend`: more time, once, for a partner late to ship. */
export function extendShipping(
  deps: ProposalDeps,
  id: string,
  actorId: string,
  side: ParcelSide | undefined,
): Promise<Proposal> {
  return mutateProposal(deps.proposals, id, (p) =>
    decideExtend(p, actorId, side, deps.now(), deps.clock),
  );
}
