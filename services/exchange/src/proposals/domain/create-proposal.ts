import { AppError } from '@swapbooth/service-kit';
import { domainEvent } from '@swapbooth/event-bus';
import type { Proposal, Terms } from './proposal';
import { factsOf } from './proposal-moves';
import type { ProposalDeps } from './proposal-deps';
import { checkProposalCaps, openToPair } from './proposal-caps';
import { cannotPropose } from './member-blocks';
import { validateTerms } from './validate-terms';

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
  // The block, the terms and the open proposals to the pair are read side by side; the refusals
  // are answered in that order (a block first).
  const [blocked, valid, open] = await Promise.allSettled([
    deps.memberBlocks.blockedEitherWay(senderId, receiverId),
    validateTerms(deps, senderId, receiverId, terms),
    openToPair(deps, senderId, receiverId),
  ]);
  if (blocked.status === 'rejected') throw blocked.reason;
  if (blocked.value) throw cannotPropose();
  if (valid.status === 'rejected') throw valid.reason;
  if (open.status === 'rejected') throw open.reason;
  await checkProposalCaps(deps, senderId, open.value);
  const now = deps.now();
  const id = deps.newId();
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
  // One write: the proposal holds its terms under a unique key while they are open, so the same
  // offer cannot be open twice (the id is fresh, so a refused insert means those terms are held).
  const stored = await deps.proposals.insert(proposal, [
    domainEvent('proposal.created', id, factsOf(proposal, senderId)),
  ]);
  if (!stored) {
    throw AppError.conflict('You already have an open proposal with the same terms to this member');
  }
  return proposal;
}
