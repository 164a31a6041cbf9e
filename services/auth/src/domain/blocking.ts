import { AppError } from '@swapbooth/service-kit';
import { domainEvent } from '@swapbooth/event-bus';
import type { BlockRepository, FollowRepository } from './ports';
import { publicProfile, type PublicProfile } from './user';
import type { UserRepository } from './user-repository';

export interface BlockedMember extends PublicProfile {
  blocked_at: string;
}

export interface BlockList {
  blocks: BlockedMember[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

/**
 * Members blocking members. A block counts both ways: neither can follow the other (an existing
 * follow ends), and the services that connect members (exchange, chat) keep them apart from its
 * events. Blocking and unblocking are idempotent; the blocked member is never told.
 */
export class Blocking {
  constructor(
    private readonly blocks: BlockRepository,
    private readonly follows: Pick<FollowRepository, 'unfollow'>,
    private readonly users: Pick<UserRepository, 'findById' | 'findManyByIds'>,
  ) {}

  /** Returns whether this call started the block (false: already blocked). */
  async block(blockerId: string, blockedId: string): Promise<boolean> {
    if (blockerId === blockedId) {
      throw AppError.invalid('userId: you cannot block yourself', 'userId');
    }
    const target = await this.users.findById(blockedId);
    if (!target || target.status === 'deleted') throw AppError.notFound('User not found');
    const started = await this.blocks.block(blockerId, blockedId, (version) =>
      domainEvent('member.blocked', blockerId, { blockerId, blockedId, version }),
    );
    // Also on a repeated call, so a follow left behind by an interrupted block still ends.
    await Promise.all([this.endFollow(blockerId, blockedId), this.endFollow(blockedId, blockerId)]);
    return started;
  }

  /** Returns whether this call ended a block (false: was not blocked). */
  async unblock(blockerId: string, blockedId: string): Promise<boolean> {
    if (blockerId === blockedId) {
      throw AppError.invalid('userId: you cannot unblock yourself', 'userId');
    }
    return this.blocks.unblock(blockerId, blockedId, (version) =>
      domainEvent('member.unblocked', blockerId, { blockerId, blockedId, version }),
    );
  }

  /** Whether blockerId blocks blockedId (the one direction the blocker may know). */
  isBlocking(blockerId: string, blockedId: string): Promise<boolean> {
    return this.blocks.isBlocking(blockerId, blockedId);
  }

  /** Whether either member blocks the other. */
  blockedEitherWay(a: string, b: string): Promise<boolean> {
    return this.blocks.blockedEitherWay(a, b);
  }

  /** The members blockerId blocks, newest first (only the blocker sees this list). */
  async list(blockerId: string, page: number, limit: number): Promise<BlockList> {
    const { blocks, total } = await this.blocks.blockedBy(blockerId, (page - 1) * limit, limit);
    const byId = new Map(
      (await this.users.findManyByIds(blocks.map((b) => b.blockedId))).map((u) => [u.id, u]),
    );
    const out: BlockedMember[] = [];
    for (const b of blocks) {
      const u = byId.get(b.blockedId);
      // A deleted member stays blocked but has no profile left to show.
      const profile = u ? publicProfile(u) : publicProfile({ id: b.blockedId, profile: {} });
      out.push({ ...profile, blocked_at: b.since.toISOString() });
    }
    return { blocks: out, total, page, limit, totalPages: Math.ceil(total / limit) };
  }

  private endFollow(followerId: string, followingId: string): Promise<boolean> {
    return this.follows.unfollow(
      followerId,
      followingId,
      domainEvent('user.unfollowed', followingId, { followerId, followingId }),
    );
  }
}
