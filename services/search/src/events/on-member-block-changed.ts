import type { EventEnvelope } from '@swapbooth/contracts';
import type { SearchDeps } from '../deps';

/** member.blocked / member.unblocked → whether saved searches may tell one of the other's listings. */
export const onMemberBlockChanged =
  (deps: Pick<SearchDeps, 'blocks'>) =>
  async (e: EventEnvelope<'member.blocked' | 'member.unblocked'>): Promise<void> => {
    const { blockerId, blockedId, version } = e.data;
    await deps.blocks.record(blockerId, blockedId, e.type === 'member.blocked', version);
  };
