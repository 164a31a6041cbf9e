import { AppError } from '@swapbooth/service-kit';
import type { ExchangeStatsResponse, ProposalStatus } from '@swapbooth/contracts';
import { allListingsOf, isOpen, isParty, type Proposal } from './proposal';
import type { ProposalDeps } from './proposal-deps';
import { proposalNotFound } from './mutate-proposal';
import type { MemberEntry } from './proposal-ports';

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

/** An entry whose recorded status no longer matches its proposal (a stop between two writes). */
const stale = (e: MemberEntry, p: Proposal | undefined) =>
  p !== undefined && (e.status !== p.status || e.acceptedEver !== (p.acceptedAt !== undefined));

/**
 * The member's own proposals, newest first, filtered by role and status, one page of them. The
 * filter and the count work on the member's lookup document; only the page's proposals are read,
 * and a recorded status found stale is corrected and the page taken again.
 */
export async function memberProposals(
  deps: ReadDeps,
  userId: string,
  q: MemberProposalsQuery,
): Promise<{ items: Proposal[]; total: number }> {
  for (let attempt = 0; ; attempt++) {
    const entries = (await deps.proposalIndex.entriesOf(userId))
      .filter((e) => e.status !== 'new' && (!q.role || e.role === q.role))
      .filter((e) => !q.statuses?.length || q.statuses.includes(e.status as ProposalStatus))
      .reverse();
    const start = (q.page - 1) * q.limit;
    const page = entries.slice(start, start + q.limit);
    const found = new Map(
      (await deps.proposals.findByIds(page.map((e) => e.proposalId))).map((p) => [p.id, p]),
    );
    const wrong = page.filter((e) => stale(e, found.get(e.proposalId)));
    if (wrong.length === 0 || attempt >= 2) {
      const items = page
        .map((e) => found.get(e.proposalId))
        .filter((p): p is Proposal => p !== undefined && isParty(p, userId))
        .filter((p) => !q.statuses?.length || q.statuses.includes(p.status));
      return { items, total: entries.length };
    }
    for (const e of wrong) await deps.proposalIndex.noteStatus(found.get(e.proposalId)!);
  }
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

/** A member's public trade record, from their lookup document alone. */
export async function memberStats(deps: ReadDeps, userId: string): Promise<ExchangeStatsResponse> {
  const entries = (await deps.proposalIndex.entriesOf(userId)).filter((e) => e.status !== 'new');
  const acceptedEver = entries.filter((e) => e.acceptedEver).length;
  const completed = entries.filter((e) => e.status === 'completed').length;
  return {
    sent: entries.filter((e) => e.role === 'sent').length,
    received: entries.filter((e) => e.role === 'received').length,
    accepted: acceptedEver,
    completed,
    completion_rate: acceptedEver ? Math.round((completed / acceptedEver) * 1000) / 1000 : 0,
  };
}
