import { AppError } from '@swapbooth/service-kit';
import { domainEvent } from '@swapbooth/event-bus';
import { currentTerms, isOpen, listingsOf, termsKey, type Proposal, type Terms } from './proposal';
import { factsOf } from './proposal-moves';
import type { ProposalDeps } from './proposal-deps';
import { checkProposalCaps } from './proposal-caps';
import { validateTerms } from './validate-terms';

/** A claim whose proposal has not been stored yet is honoured this long (a create in flight). */
const IN_FLIGHT_MS = 30_000;

const duplicate = () =>
  AppError.conflict('You already have an open proposal with the same terms to this member');

/**
 * Claims the sender's terms to this receiver, so the same offer cannot be open twice. A claim left
 * by a proposal that is no longer open with these terms is taken over.
 */
async function claimTerms(
  deps: Pick<ProposalDeps, 'termsClaims' | 'proposals'>,
  key: string,
  proposalId: string,
  now: Date,
): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const held = await deps.termsClaims.claim(key, proposalId, now);
    if (held === 'claimed') return;
    const holder = await deps.proposals.findById(held.proposalId);
    if (!holder) {
      if (now.getTime() - held.at.getTime() < IN_FLIGHT_MS) throw duplicate();
    } else if (
      isOpen(holder.status) &&
      termsKey(holder.senderId, holder.receiverId, currentTerms(holder)) === key
    ) {
      throw duplicate();
    }
    if (await deps.termsClaims.takeOver(key, held.proposalId, proposalId, now)) return;
  }
  throw duplicate();
}

/** A member asks another for some of their listings, offering some of their own. */
export async function createProposal(
  deps: ProposalDeps,
  senderId: string,
  receiverId: string,
  terms: Terms,
): Promise<Proposal> {
  if (receiverId === senderId) {
    throw AppError.invalid('receiverId: you cannot send a proposal to yourself', 'receiverId');
  }
  await validateTerms(deps, senderId, receiverId, terms);
  await checkProposalCaps(deps, senderId, receiverId);
  const now = deps.now();
  const id = deps.newId();
  await claimTerms(deps, termsKey(senderId, receiverId, terms), id, now);
  const proposal: Proposal = {
    id,
    senderId,
    receiverId,
    status: 'pending',
    rounds: [{ ...terms, round: 1, by: senderId, createdAt: now }],
    shipping: {
      sender: { status: 'preparing', trackingNote: '' },
      receiver: { status: 'preparing', trackingNote: '' },
    },
    expiresAt: new Date(now.getTime() + deps.proposalTtlMs),
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  // The lookups first: a crash after them leaves ids that reads skip, never a proposal unlisted.
  await deps.expiryCalendar.schedule(id, proposal.expiresAt!);
  await deps.proposalIndex.addForMembers(id, senderId, receiverId);
  await deps.proposalIndex.addForListings(id, listingsOf(terms));
  await deps.proposals.insert(proposal, [
    domainEvent('proposal.created', id, factsOf(proposal, senderId)),
  ]);
  return proposal;
}
