import { AppError } from '@swapbooth/service-kit';
import { domainEvent } from '@swapbooth/event-bus';
import { isOpen, type Proposal } from './proposal';
import { factsOf, type Move } from './proposal-moves';
import type { ProposalRepository } from './proposal-ports';
import { mutateProposal } from './mutate-proposal';

/** A block or its end as auth announced it (the pair's version orders the changes). */
export interface MemberBlockChange {
  blockerId: string;
  blockedId: string;
  active: boolean;
  version: number;
}

/** The blocks between members, projected from auth's events. A block counts both ways. */
export interface MemberBlocks {
  /** Keeps the change if it is newer than the one stored; answers whether the pair is blocked now. */
  apply(change: MemberBlockChange): Promise<boolean>;
  blockedEitherWay(a: string, b: string): Promise<boolean>;
  /** The blocked pairs among these members, as `blockPairKey`s. */
  pairsAmong(userIds: readonly string[]): Promise<Set<string>>;
}

/** One key per pair of members, whichever of them blocked the other. */
export const blockPairKey = (a: string, b: string): string => (a < b ? `${a}|${b}` : `${b}|${a}`);

/**
 * The refusal a blocked pair meets when one proposes to the other: the same words whoever blocked
 * whom, and nothing that says a block is the reason.
 */
export const cannotPropose = () => AppError.forbidden('You cannot send a proposal to this member');

/** Refuses a proposal between members when either blocks the other. */
export async function assertNotBlocked(
  blocks: Pick<MemberBlocks, 'blockedEitherWay'>,
  a: string,
  b: string,
): Promise<void> {
  if (await blocks.blockedEitherWay(a, b)) throw cannotPropose();
}

/** A block ends an open proposal between the two: cancelled by the blocker (the usual event). */
export function decideBlockCancel(p: Proposal, blockerId: string, now: Date): Move | undefined {
  if (!isOpen(p.status)) return undefined;
  const next: Proposal = { ...p, status: 'cancelled', updatedAt: now };
  delete next.expiresAt;
  return {
    next,
    events: [
      domainEvent('proposal.cancelled', p.id, {
        ...factsOf(next, blockerId),
        previousStatus: p.status,
      }),
    ],
  };
}

/**
 * Projects a block or unblock. A block still in force ends the open proposals (pending or
 * countered) between the two, once each: a proposal already ended is left as it is, so a repeated
 * event changes nothing.
 */
export async function applyMemberBlock(
  deps: {
    memberBlocks: Pick<MemberBlocks, 'apply'>;
    proposals: ProposalRepository;
    now(): Date;
  },
  change: MemberBlockChange,
): Promise<void> {
  const blockedNow = await deps.memberBlocks.apply(change);
  if (!change.active || !blockedNow) return;
  const open = await deps.proposals.openBetween(change.blockerId, change.blockedId);
  for (const { id } of open) {
    try {
      await mutateProposal(deps.proposals, id, (p) =>
        decideBlockCancel(p, change.blockerId, deps.now()),
      );
    } catch (err) {
      // A proposal that vanished meanwhile is forgotten.
      if (!(err instanceof AppError && err.code === 'not_found')) throw err;
    }
  }
}
