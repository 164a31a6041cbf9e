import type { EventEnvelope } from '@swapbooth/contracts';
import type { MemberBlocks } from '../domain/ports';

/** member.blocked / member.unblocked → whether the two may write to each other. */
export const onMemberBlockChanged =
  (blocks: MemberBlocks) =>
  async (e: EventEnvelope<'member.blocked' | 'member.unblocked'>): Promise<void> => {
    const { blockerId, blockedId, version } = e.data;
    await blocks.record(blockerId, blockedId, e.type === 'member.blocked', version);
  };
