import { AppError } from '@swapbooth/service-kit';
import { compareAndSet, CONFLICT } from '@swapbooth/event-bus';
import type { Move } from './proposal-moves';
import type { Proposal } from './proposal';
import type { ProposalRepository } from './proposal-ports';

export const proposalNotFound = () => AppError.notFound('Proposal not found');

/**
 * Optimistic read-modify-write of one proposal: `decide` sees the current state and returns the
 * move (or undefined for "nothing to do"); a concurrent write makes it run again from a fresh read,
 * so the rules it checks always hold for what is stored. One write per transition, events included.
 */
export function mutateProposal(
  proposals: ProposalRepository,
  id: string,
  decide: (current: Proposal) => Promise<Move | undefined> | Move | undefined,
  /** The state just read with others (the sweep's batch): the first attempt starts from it. */
  known?: Proposal,
): Promise<Proposal> {
  let first = known;
  return compareAndSet(
    async () => {
      const current = first ?? (await proposals.findById(id));
      first = undefined;
      if (!current) throw proposalNotFound();
      const move = await decide(current);
      if (!move) return current;
      const next = { ...move.next, version: current.version + 1 };
      return (await proposals.replace(next, current.version, move.events, current))
        ? next
        : CONFLICT;
    },
    { exhausted: () => AppError.conflict('The proposal changed meanwhile; try again') },
  );
}
