import type { Connection, Model } from 'mongoose';
import { guardedUpsert } from '../../../shared/data/guarded-upsert';
import {
  blockPairKey,
  type MemberBlockChange,
  type MemberBlocks,
} from '../../domain/member-blocks';
import { memberBlockModel, type MemberBlockDoc } from './member-block.model';

const keyOf = (blockerId: string, blockedId: string) => `${blockerId}:${blockedId}`;

/** The only code that touches the blocks projection. */
export class MemberBlocksRepository implements MemberBlocks {
  private readonly model: Model<MemberBlockDoc>;

  constructor(conn: Connection) {
    this.model = memberBlockModel(conn);
  }

  async apply(change: MemberBlockChange): Promise<boolean> {
    const { blockerId, blockedId, active, version } = change;
    const _id = keyOf(blockerId, blockedId);
    await guardedUpsert(this.model, _id, 'version', version, { blockerId, blockedId, active });
    return (await this.model.exists({ _id, active: true }).exec()) !== null;
  }

  async blockedEitherWay(a: string, b: string): Promise<boolean> {
    // Through the driver: a plain read by _id needs none of mongoose's query building.
    const found = await this.model.db
      .collection<MemberBlockDoc>(this.model.collection.collectionName)
      .findOne(
        { _id: { $in: [keyOf(a, b), keyOf(b, a)] }, active: true },
        { projection: { _id: 1 } },
      );
    return found !== null;
  }

  async pairsAmong(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length < 2) return new Set();
    const ids = [...userIds];
    const docs = await this.model
      .find(
        { blockerId: { $in: ids }, active: true, blockedId: { $in: ids } },
        { blockerId: 1, blockedId: 1 },
      )
      .lean<MemberBlockDoc[]>()
      .exec();
    return new Set(docs.map((d) => blockPairKey(d.blockerId, d.blockedId)));
  }
}
