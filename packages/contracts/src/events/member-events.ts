import { z } from 'zod';

const memberBlock = z.object({
  blockerId: z.string(),
  blockedId: z.string(),
  /** The pair's change counter in auth: a consumer keeps a block only from a newer version. */
  version: z.number().int().nonnegative(),
});

/**
 * Blocks between members, published by auth on the user topic (key: the blocker). A block counts
 * in both directions: consumers keep the two apart (no proposals, chat, follows or shared circles).
 */
export const memberEvents = {
  'member.blocked': memberBlock,
  'member.unblocked': memberBlock,
} as const;
