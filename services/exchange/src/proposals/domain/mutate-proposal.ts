import { AppError } from '@swapbooth/service-kit';
import { compareAndSet, CONFLICT } from '@swapbooth/event-bus';
import type { Move } from './proposal-moves';
import type { Proposal } from './proposal';
import type { ProposalRepository, ProposalWrite } from './proposal-ports';

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

/** How many proposals one batch write stores, and how many such writes are under way at once. */
const WRITE_CHUNK = 100;
const WRITES_IN_FLIGHT = 4;

/**
 * `mutateProposal` for states just read together (the sweep's batch), in a few writes for all:
 * each move is decided from its state as read and stored only if that state is still the one
 * stored (its version), so two replicas never both take the same step. The writes go out a
 * hundred at a time, a few at once, so deciding the next hundred overlaps storing the last.
 * Returns the ids left to `mutateProposal`, which reads them again: those whose write lost to a
 * concurrent change or could not be told about, and those whose decision failed.
 */
export async function mutateProposals(
  proposals: ProposalRepository,
  states: readonly Proposal[],
  decide: (current: Proposal) => Move | undefined,
): Promise<string[]> {
  const again: string[] = [];
  const chunks: Proposal[][] = [];
  for (let i = 0; i < states.length; i += WRITE_CHUNK)
    chunks.push(states.slice(i, i + WRITE_CHUNK));
  const write = async (chunk: readonly Proposal[]) => {
    const writes: ProposalWrite[] = [];
    for (const current of chunk) {
      let move: Move | undefined;
      try {
        move = decide(current);
      } catch {
        again.push(current.id);
        continue;
      }
      if (!move) continue;
      writes.push({
        next: { ...move.next, version: current.version + 1 },
        expectedVersion: current.version,
        events: move.events,
        read: current,
      });
    }
    // A write that failed may have stored part of its chunk: each is read again and settled alone.
    const stored = await proposals.replaceAll(writes).catch(() => writes.map(() => false));
    writes.forEach((w, i) => {
      if (!stored[i]) again.push(w.next.id);
    });
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(WRITES_IN_FLIGHT, chunks.length) }, async () => {
      while (next < chunks.length) await write(chunks[next++]!);
    }),
  );
  return again;
}
