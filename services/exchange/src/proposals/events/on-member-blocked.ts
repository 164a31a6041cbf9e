import type { EventEnvelope } from '@swapbooth/contracts';
import type { ExchangeDeps } from '../../deps';
import { applyMemberBlock } from '../domain/member-blocks';
import { dissolveCircle } from '../../circles/domain/circle-life';

/**
 * A block keeps the two apart from now on: their open proposals end (once each), and a pending
 * circle with both of them dissolves as unavailable (its members are not told why).
 */
export const onMemberBlocked =
  (deps: ExchangeDeps) =>
  async ({ data }: EventEnvelope<'member.blocked'>): Promise<void> => {
    await applyMemberBlock(deps, { ...data, active: true });
    if (!(await deps.memberBlocks.blockedEitherWay(data.blockerId, data.blockedId))) return;
    for (const c of await deps.circles.circles.ofMember(data.blockerId)) {
      if (c.status !== 'proposed') continue;
      if (!c.members.some((m) => m.userId === data.blockedId)) continue;
      await dissolveCircle(deps.circles, c.id, 'unavailable');
    }
  };

/** An unblock lets the two trade again; the matcher may now find circles with both. */
export const onMemberUnblocked =
  (deps: ExchangeDeps) =>
  async ({ data }: EventEnvelope<'member.unblocked'>): Promise<void> => {
    await applyMemberBlock(deps, { ...data, active: false });
    deps.circles.rematch();
  };
