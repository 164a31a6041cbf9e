import { AppError } from '@swapbooth/service-kit';
import { compareAndSet, CONFLICT } from '@swapbooth/event-bus';
import type { DisputeReason, DisputeStatus, DisputeStep } from '@swapbooth/contracts';
import { currentTerms, isParty, listingsOf } from '../../proposals/domain/proposal';
import { mutateProposal, proposalNotFound } from '../../proposals/domain/mutate-proposal';
import { releaseAll } from '../../proposals/domain/claim-listings';
import type { DueWork } from '../../shared/domain/due-work';
import {
  decideOpen,
  decideOverdue,
  decideResolution,
  decideStep,
  isDisputeParty,
  type AdminDecision,
  type Dispute,
  type DisputeMove,
} from './dispute';
import { decideDisputed, decideSettled } from './dispute-exchange';
import type { DisputeDeps } from './dispute-ports';

export const disputeNotFound = () => AppError.notFound('Dispute not found');

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * A photo must be one of the opener's own uploads on the private path: the key an upload to
 * `dispute-photos` got (`dispute-photos/<userId>/<uuid>.<ext>`), which holds something only once
 * catalog published it privately, i.e. checked it is a JPEG, PNG or WebP within the limits and
 * re-encoded it without metadata. Catalog gives its readers short-lived URLs; nobody else reads it.
 */
export function checkPhotos(photos: readonly string[], userId: string): string[] {
  const own = new RegExp(`^dispute-photos/${escape(userId)}/${UUID}\\.(jpg|png|webp)$`);
  photos.forEach((key, i) => {
    if (!own.test(key)) throw AppError.invalid(`photos.${i}: not a photo you uploaded`, 'photos');
  });
  return [...new Set(photos)];
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Read-modify-write of one dispute, retried from a fresh read when another write came first. */
export function mutateDispute(
  deps: Pick<DisputeDeps, 'disputes'>,
  id: string,
  decide: (d: Dispute) => DisputeMove | undefined,
): Promise<{ dispute: Dispute; changed: boolean }> {
  return compareAndSet(
    async () => {
      const current = await deps.disputes.findById(id);
      if (!current) throw disputeNotFound();
      const move = decide(current);
      if (!move) return { dispute: current, changed: false };
      const next = { ...move.next, version: current.version + 1 };
      return (await deps.disputes.replace(next, current.version, move.events))
        ? { dispute: next, changed: true }
        : CONFLICT;
    },
    { exhausted: () => AppError.conflict('The dispute changed meanwhile; try again') },
  );
}

export interface OpenDisputeInput {
  reason: DisputeReason;
  description: string;
  photos: string[];
}

/**
 * "I have a problem" on an accepted exchange: the proposal becomes `disputed` first (which checks
 * the party and the status), then the dispute is stored with `dispute.opened`. A stop in between
 * leaves a disputed exchange without its dispute: the same report again stores it.
 */
export async function openDispute(
  deps: DisputeDeps,
  proposalId: string,
  actorId: string,
  input: OpenDisputeInput,
): Promise<Dispute> {
  const photos = checkPhotos(input.photos, actorId);
  const existing = await deps.disputes.latestOf(proposalId);
  if (existing && existing.status !== 'closed') {
    if (!isDisputeParty(existing, actorId))
      throw AppError.forbidden('You are not a party to this exchange');
    throw AppError.conflict('A problem with this exchange is already being handled');
  }
  const now = deps.now();
  const p = await mutateProposal(deps.proposals, proposalId, (current) =>
    decideDisputed(current, actorId, now),
  );
  const respondentId = p.senderId === actorId ? p.receiverId : p.senderId;
  const circleMemberIds = p.circleId
    ? (await deps.circleMembers(p.circleId)).filter((m) => m !== p.senderId && m !== p.receiverId)
    : undefined;
  const move = decideOpen(
    {
      id: deps.newId(),
      proposalId,
      openedBy: actorId,
      respondentId,
      reason: input.reason,
      description: input.description,
      photos,
      ...(p.circleId ? { circleId: p.circleId, circleMemberIds: circleMemberIds ?? [] } : {}),
    },
    { now, answerMs: deps.answerMs },
  );
  if (!(await deps.disputes.insert(move.next, move.events))) {
    throw AppError.conflict('A problem with this exchange is already being handled');
  }
  return move.next;
}

/** The exchange's latest dispute, for its parties. */
export async function disputeOfExchange(
  deps: Pick<DisputeDeps, 'disputes' | 'proposals'>,
  proposalId: string,
  viewerId: string,
): Promise<Dispute> {
  const d = await deps.disputes.latestOf(proposalId);
  if (!d) {
    const p = await deps.proposals.findById(proposalId);
    if (!p) throw proposalNotFound();
    if (!isParty(p, viewerId)) throw AppError.forbidden('You are not a party to this exchange');
    throw AppError.notFound('No problem was reported on this exchange');
  }
  if (!isDisputeParty(d, viewerId))
    throw AppError.forbidden('You are not a party to this exchange');
  return d;
}

/**
 * The dispute closed: the exchange completes or is cancelled (and its reservations released).
 * Safe to run again: a proposal no longer disputed is left as it is.
 */
async function settleExchange(deps: DisputeDeps, d: Dispute): Promise<void> {
  const r = d.resolution;
  if (!r) return;
  let before: Awaited<ReturnType<typeof deps.proposals.findById>>;
  await mutateProposal(deps.proposals, d.proposalId, (p) => {
    before = p;
    return decideSettled(p, r.outcome, r.adminId ?? d.respondentId, r.at);
  });
  if (r.outcome !== 'completed' && before && before.status === 'disputed') {
    await releaseAll(deps.reservations, listingsOf(currentTerms(before)), d.proposalId);
  }
  await deps.disputes.settled(d.id);
}

/** A party's step on the exchange's open dispute. */
export async function takeDisputeStep(
  deps: DisputeDeps,
  proposalId: string,
  actorId: string,
  step: DisputeStep,
  message: string | undefined,
): Promise<Dispute> {
  const d = await disputeOfExchange(deps, proposalId, actorId);
  const { dispute, changed } = await mutateDispute(deps, d.id, (current) =>
    decideStep(current, actorId, step, message, deps.now()),
  );
  if (changed && dispute.status === 'closed') await settleExchange(deps, dispute);
  return dispute;
}

/** Disputes whose answer period ran out go to Swapbooth (the due-work sweep). */
export const overdueDisputes = (deps: Pick<DisputeDeps, 'disputes'>): DueWork => ({
  name: 'disputes-escalated',
  due: (now, limit) => deps.disputes.dueIds(now, limit),
  settle: (id, now) => mutateDispute(deps, id, (d) => decideOverdue(d, now)),
});

/**
 * Closed disputes whose exchange was not settled (the request that closed them stopped before):
 * the exchange completes or is cancelled, once, by the sweep.
 */
export const unsettledDisputes = (deps: DisputeDeps): DueWork => ({
  name: 'disputes-settled',
  due: (now, limit) => deps.disputes.settleDueIds(now, limit),
  settle: async (id) => {
    const d = await deps.disputes.findById(id);
    if (d?.status === 'closed' && d.settleDueAt) await settleExchange(deps, d);
  },
});

/** The admin queue and the disputes area's lists. */
export function disputesPage(
  deps: Pick<DisputeDeps, 'disputes'>,
  q: { status?: DisputeStatus; page: number; limit: number },
) {
  return deps.disputes.page(q);
}

/** A dispute with its exchange, for an admin with the disputes area. */
export async function disputeForAdmin(deps: DisputeDeps, id: string) {
  const dispute = await deps.disputes.findById(id);
  if (!dispute) throw disputeNotFound();
  const proposal = await deps.proposals.findById(dispute.proposalId);
  if (!proposal) throw proposalNotFound();
  return { dispute, proposal };
}

/** An admin's decision: the dispute closes, then the exchange completes or is cancelled. */
export async function resolveDispute(
  deps: DisputeDeps,
  id: string,
  decision: AdminDecision,
): Promise<Dispute> {
  const { dispute } = await mutateDispute(deps, id, (d) =>
    decideResolution(d, decision, deps.now()),
  );
  await settleExchange(deps, dispute);
  return dispute;
}
