import { AppError } from '@swapbooth/service-kit';
import { domainEvent } from '@swapbooth/event-bus';
import type { BlockRepository, FollowRepository } from './ports';
import { publicProfile, type PublicProfile } from './user';
import type { UserRepository } from './user-repository';

export interface FollowList {
  users: PublicProfile[];
  total: number;
  page: number;
  limit: number;
  totalPages: number;
}

export interface FollowStatus {
  userId: string;
  isFollowing: boolean;
  isFollowedBy: boolean;
  followersCount: number;
  followingCount: number;
}

/** Members following members. Following and unfollowing are idempotent. */
export class Following {
  constructor(
    private readonly follows: FollowRepository,
    private readonly users: Pick<UserRepository, 'findById' | 'findManyByIds'>,
    private readonly blocks: Pick<BlockRepository, 'blockedEitherWay'>,
  ) {}

  /** Returns whether this call started the follow (false: already following). */
  async follow(followerId: string, followingId: string): Promise<boolean> {
    if (followerId === followingId) {
      throw AppError.invalid('followingUserId: you cannot follow yourself', 'followingUserId');
    }
    const target = await this.users.findById(followingId);
    if (!target || target.status === 'deleted') throw AppError.notFound('User not found');
    // Either member's block keeps them apart; the answer does not say who blocked whom.
    if (await this.blocks.blockedEitherWay(followerId, followingId)) {
      throw AppError.forbidden('You cannot follow this member');
    }
    return this.follows.follow(
      followerId,
      followingId,
      domainEvent('user.followed', followingId, { followerId, followingId }),
    );
  }

  /** Returns whether this call ended a follow (false: was not following). */
  async unfollow(followerId: string, followingId: string): Promise<boolean> {
    if (followerId === followingId) {
      throw AppError.invalid('followingUserId: you cannot unfollow yourself', 'followingUserId');
    }
    return this.follows.unfollow(
      followerId,
      followingId,
      domainEvent('user.unfollowed', followingId, { followerId, followingId }),
    );
  }

  followers(userId: string, page: number, limit: number): Promise<FollowList> {
    return this.list((skip) => this.follows.followers(userId, skip, limit), page, limit);
  }

  following(userId: string, page: number, limit: number): Promise<FollowList> {
    return this.list((skip) => this.follows.following(userId, skip, limit), page, limit);
  }

  async status(viewerId: string | undefined, userId: string): Promise<FollowStatus> {
    const [isFollowing, isFollowedBy, followersCount, followingCount] = await Promise.all([
      viewerId ? this.follows.isFollowing(viewerId, userId) : false,
      viewerId ? this.follows.isFollowing(userId, viewerId) : false,
      this.follows.countFollowers(userId),
      this.follows.countFollowing(userId),
    ]);
    return { userId, isFollowing, isFollowedBy, followersCount, followingCount };
  }

  private async list(
    fetch: (skip: number) => Promise<{ userIds: string[]; total: number }>,
    page: number,
    limit: number,
  ): Promise<FollowList> {
    const { userIds, total } = await fetch((page - 1) * limit);
    const byId = new Map((await this.users.findManyByIds(userIds)).map((u) => [u.id, u]));
    const users = userIds
      .map((id) => byId.get(id))
      .filter((u) => u !== undefined && u.status === 'active')
      .map((u) => publicProfile(u!));
    return { users, total, page, limit, totalPages: Math.ceil(total / limit) };
  }
}
