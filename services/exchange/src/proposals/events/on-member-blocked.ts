import type { EventEnvelope } from '@swapbooth/contracts';
import type { ExchangeDeps } from '../../deps';
import { applyMemberBlock } from '../domain/member-blocks';

/** A block keeps the two apart from now on and ends their open proposals (once each). */
export const onMemberBlocked =
  (deps: ExchangeDeps) =>
  async ({ data }: EventEnvelope<'member.blocked'>): Promise<void> => {
    await applyMemberBlock(deps, { ...data, active: true });
  };

/** An unblock lets the two trade again; the matcher may now find circles with both. */
export const onMemberUnblocked =
  (deps: ExchangeDeps) =>
  async ({ data }: EventEnvelope<'member.unblocked'>): Promise<void> => {
    await applyMemberBlock(deps, { ...data, active: false });
    deps.circles.rematch();
  };
