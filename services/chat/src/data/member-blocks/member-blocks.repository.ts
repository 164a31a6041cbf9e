import type { Connection, Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { MemberBlocks } from '../../domain/ports';
import { memberBlockModel, type MemberBlockDoc } from './member-block.model';

const keyOf = (blockerId: string, blockedId: string) => `${blockerId}:${blockedId}`;

/** The only code that touches chat's blocks projection. */
export class MemberBlocksRepository implements MemberBlocks {
  private readonly model: Model<MemberBlockDoc>;

  constructor(conn: Connection) {
    this.model = memberBlockModel(conn);
  }

  async blockedEitherWay(a: string, b: string): Promise<boolean> {
    const found = await this.model
      .exists({ _id: { $in: [keyOf(a, b), keyOf(b, a)] }, active: true })
      .exec();
    return found !== null;
  }

  async record(blockerId: string, blockedId: string, active: boolean, version: number) {
    try {
      await this.model
        .updateOne(
          { _id: keyOf(blockerId, blockedId), version: { $lt: version } },
          { $set: { active, version } },
          { upsert: true },
        )
        .exec();
    } catch (err) {
      // The stored change is newer (or this one again): the upsert's insert met it.
      if (!isDuplicateKey(err)) throw err;
    }
  }
}
