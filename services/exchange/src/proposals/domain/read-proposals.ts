import { AppError } from '@swapbooth/service-kit';
import type { ExchangeStatsResponse } from '@swapbooth/contracts';
import { isOpen, isParty, type Proposal } from './proposal';
import type { ProposalDeps } from './proposal-deps';
import { proposalNotFound } from './mutate-proposal';
import type { MemberProposalsQuery } from './proposal-ports';

type ReadDeps = Pick<ProposalDeps, 'proposals'>;

/** One proposal, for its parties only. */
export async function getProposal(deps: ReadDeps, id: string, viewerId: string): Promise<Proposal> {
  const p = await deps.proposals.findById(id);
  if (!p) throw proposalNotFound();
  if (!isParty(p, viewerId)) throw AppError.forbidden('You are not a party to this proposal');
  return p;
}

export type { MemberProposalsQuery };

/** The member's own proposals, newest first, filtered by role and status, one page of them. */
export function memberProposals(
  deps: ReadDeps,
  userId: string,
  q: MemberProposalsQuery,
): Promise<{ items: Proposal[]; total: number }> {
  return deps.proposals.ofMember(userId, q);
}

/**
 * The proposals touching a listing that the viewer is a party to (a listing's owner is a party to
 * every proposal naming it), with counts; `acceptedItems` counts accepted (disputed included) or
 * completed ones.
 */
export async function listingProposals(deps: ReadDeps, viewerId: string, listingId: string) {
  const items = (await deps.proposals.naming(listingId)).filter((p) => isParty(p, viewerId));
  return {
    items,
    counts: {
      total: items.length,
      open: items.filter((p) => isOpen(p.status)).length,
      acceptedItems: items.filter((p) => ['accepted', 'disputed', 'completed'].includes(p.status))
        .length,
    },
  };
}

/** A member's public trade record. */
export async function memberStats(deps: ReadDeps, userId: string): Promise<ExchangeStatsResponse> {
  const { sent, received, acceptedEver, completed } = await deps.proposals.countsOf(userId);
  return {
    sent,
    received,
    accepted: acceptedEver,
    completed,
    completion_rate: acceptedEver ? Math.round((completed / acceptedEver) * 1000) / 1000 : 0,
  };
}
