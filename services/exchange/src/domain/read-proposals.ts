import { AppError } from '@swapbooth/service-kit';
import type { ExchangeStatsResponse, ProposalStatus } from '@swapbooth/contracts';
import { allListingsOf, isOpen, isParty, type Proposal } from './proposal';
import type { ProposalDeps } from './proposal-deps';
import { proposalNotFound } from './mutate-proposal';

type ReadDeps = Pick<ProposalDeps, 'proposals' | 'proposalIndex'>;

const newestFirst = (a: Proposal, b: Proposal) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1);

/** One proposal, for its parties only. */
export async function getProposal(deps: ReadDeps, id: string, viewerId: string): Promise<Proposal> {
  const p = await deps.proposals.findById(id);
  if (!p) throw proposalNotFound();
  if (!isParty(p, viewerId)) throw AppError.forbidden('You are not a party to this proposal');
  return p;
}

export interface MemberProposalsQuery {
  role?: 'sent' | 'received';
  statuses?: ProposalStatus[];
  page: number;
  limit: number;
}

/** The member's own proposals, newest first, filtered by role and status, one page of them. */
export async function memberProposals(
  deps: ReadDeps,
  userId: string,
  q: MemberProposalsQuery,
): Promise<{ items: Proposal[]; total: number }> {
  const { sent, received } = await deps.proposalIndex.idsOfMember(userId);
  const ids = q.role === 'sent' ? sent : q.role === 'received' ? received : [...sent, ...received];
  const all = (await deps.proposals.findByIds([...new Set(ids)]))
    .filter((p) => isParty(p, userId))
    .filter((p) =>
      q.role === 'sent'
        ? p.senderId === userId
        : q.role === 'received'
          ? p.receiverId === userId
          : true,
    )
    .filter((p) => !q.statuses?.length || q.statuses.includes(p.status))
    .sort(newestFirst);
  const start = (q.page - 1) * q.limit;
  return { items: all.slice(start, start + q.limit), total: all.length };
}

/**
 * The proposals touching a listing that the viewer is a party to (a listing's owner is a party to
 * every proposal naming it), with counts; `acceptedItems` counts accepted or completed ones.
 */
export async function listingProposals(deps: ReadDeps, viewerId: string, listingId: string) {
  const ids = await deps.proposalIndex.idsOfListing(listingId);
  const items = (await deps.proposals.findByIds(ids))
    .filter((p) => isParty(p, viewerId) && allListingsOf(p).includes(listingId))
    .sort(newestFirst);
  return {
    items,
    counts: {
      total: items.length,
      open: items.filter((p) => isOpen(p.status)).length,
      acceptedItems: items.filter((p) => p.status === 'accepted' || p.status === 'completed')
        .length,
    },
  };
}

/** A member's public trade record. */
export async function memberStats(deps: ReadDeps, userId: string): Promise<ExchangeStatsResponse> {
  const { sent, received } = await deps.proposalIndex.idsOfMember(userId);
  const mine = (await deps.proposals.findByIds([...new Set([...sent, ...received])])).filter((p) =>
    isParty(p, userId),
  );
  const acceptedEver = mine.filter((p) => p.acceptedAt !== undefined).length;
  const completed = mine.filter((p) => p.status === 'completed').length;
  return {
    sent: mine.filter((p) => p.senderId === userId).length,
    received: mine.filter((p) => p.receiverId === userId).length,
    accepted: acceptedEver,
    completed,
    completion_rate: acceptedEver ? Math.round((completed / acceptedEver) * 1000) / 1000 : 0,
  };
}
