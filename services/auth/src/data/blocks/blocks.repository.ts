import type { Connection, Model } from 'mongoose';
import {
  isDuplicateKey,
  pushEvents,
  toOutbox,
  type DomainEvent,
  type EventsWritten,
} from '@swapbooth/event-bus';
import type { BlockRecord, BlockRepository } from '../../domain/ports';
import { blockModel, type BlockDoc } from './block.model';

const keyOf = (blockerId: string, blockedId: string) => `${blockerId}:${blockedId}`;

/** The only code that touches the blocks collection. */
export class BlocksRepository implements BlockRepository {
  private readonly model: Model<BlockDoc>;

  constructor(
    conn: Connection,
    private readonly eventsWritten: EventsWritten,
  ) {
    this.model = blockModel(conn);
  }

  block(blockerId: string, blockedId: string, event: (version: number) => DomainEvent) {
    return this.change(blockerId, blockedId, true, event);
  }

  unblock(blockerId: string, blockedId: string, event: (version: number) => DomainEvent) {
    return this.change(blockerId, blockedId, false, event);
  }

  /**
   * Moves the pair to `active` with its event in one write guarded by the version read; a
   * concurrent change makes the write match nothing and the pair is read again.
   */
  private async change(
    blockerId: string,
    blockedId: string,
    active: boolean,
    event: (version: number) => DomainEvent,
  ): Promise<boolean> {
    const _id = keyOf(blockerId, blockedId);
    for (;;) {
      const doc = await this.model.findById(_id).lean<BlockDoc>().exec();
      if ((doc?.active ?? false) === active) return false;
      const version = (doc?.version ?? 0) + 1;
      const update = pushEvents(
        {
          $set: {
            blockerId,
            blockedId,
            active,
            version,
            ...(active ? { since: new Date() } : {}),
          },
        },
        toOutbox([event(version)], 'auth'),
      );
      try {
        const res = doc
          ? await this.model.updateOne({ _id, version: doc.version }, update).exec()
          : await this.model
              .updateOne({ _id, version: { $exists: false } }, update, { upsert: true })
              .exec();
        if (res.matchedCount === 0 && res.upsertedCount === 0) continue;
      } catch (err) {
        // Another request created the pair first: read it again.
        if (isDuplicateKey(err)) continue;
        throw err;
      }
      this.eventsWritten();
      return true;
    }
  }

  async isBlocking(blockerId: string, blockedId: string): Promise<boolean> {
    const found = await this.model
      .exists({ _id: keyOf(blockerId, blockedId), active: true })
      .exec();
    return found !== null;
  }

  async blockedEitherWay(a: string, b: string): Promise<boolean> {
    const found = await this.model
      .exists({ _id: { $in: [keyOf(a, b), keyOf(b, a)] }, active: true })
      .exec();
    return found !== null;
  }

  async blockedBy(
    blockerId: string,
    skip: number,
    limit: number,
  ): Promise<{ blocks: BlockRecord[]; total: number }> {
    const filter = { blockerId, active: true };
    const [rows, total] = await Promise.all([
      this.model
        .find(filter, { blockerId: 1, blockedId: 1, since: 1 })
        .sort({ since: -1, _id: 1 })
        .skip(skip)
        .limit(limit)
        .lean<BlockDoc[]>()
        .exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return {
      blocks: rows.map((r) => ({ blockerId: r.blockerId, blockedId: r.blockedId, since: r.since })),
      total,
    };
  }
}
