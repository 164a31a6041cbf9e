import type { Connection, Model } from 'mongoose';
import type { MemberBlocks } from '../../domain/ports';
import { guardedUpsert, notNewerThan } from '../guarded';
import { memberBlockModel, type MemberBlockDoc } from './member-block.model';

/** The only code that touches search's copy of the blocks between members. */
export class MemberBlocksRepository implements MemberBlocks {
  private readonly model: Model<MemberBlockDoc>;

  constructor(conn: Connection) {
    this.model = memberBlockModel(conn);
  }

  async record(
    blockerId: string,
    blockedId: string,
    blocked: boolean,
    version: number,
  ): Promise<void> {
    await guardedUpsert(this.model, `${blockerId}:${blockedId}`, notNewerThan('version', version), {
      $set: { blockerId, blockedId, blocked, version },
    });
  }

  async blockedAmong(memberId: string, others: readonly string[]): Promise<Set<string>> {
    if (others.length === 0) return new Set();
    const ids = [...others];
    const docs = await this.model
      .find(
        {
          blocked: true,
          $or: [
            { blockerId: memberId, blockedId: { $in: ids } },
            { blockedId: memberId, blockerId: { $in: ids } },
          ],
        },
        { blockerId: 1, blockedId: 1 },
      )
      .lean<Array<Pick<MemberBlockDoc, 'blockerId' | 'blockedId'>>>()
      .exec();
    return new Set(docs.map((d) => (d.blockerId === memberId ? d.blockedId : d.blockerId)));
  }
}
