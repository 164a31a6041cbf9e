import type { Connection, Model } from 'mongoose';
import type { DigestEntry, DigestQueue } from '../../domain/saved-search-news';
import { digestEntryModel, type DigestEntryDoc } from './digest-entry.model';

const isDuplicateKey = (err: unknown): boolean => (err as { code?: unknown })?.code === 11000;

/** The only code that touches the listings waiting for members' digests. */
export class DigestEntriesRepository implements DigestQueue {
  private readonly model: Model<DigestEntryDoc>;

  constructor(conn: Connection) {
    this.model = digestEntryModel(conn);
  }

  async add(entry: DigestEntry): Promise<void> {
    try {
      await this.model.create({ _id: `${entry.memberId}:${entry.listingId}`, ...entry });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  async membersDue(now: Date, limit: number): Promise<string[]> {
    const docs = await this.model
      .find({ sentAt: null, dueAt: { $lte: now } }, { memberId: 1 })
      .sort({ dueAt: 1 })
      .limit(limit * 20)
      .lean<Array<{ memberId: string }>>()
      .exec();
    return [...new Set(docs.map((d) => d.memberId))].slice(0, limit);
  }

  async dueOf(memberId: string, now: Date): Promise<Array<DigestEntry & { id: string }>> {
    const docs = await this.model
      .find({ sentAt: null, dueAt: { $lte: now }, memberId })
      .sort({ matchedAt: 1 })
      .lean<DigestEntryDoc[]>()
      .exec();
    return docs.map(({ _id, sentAt: _sent, ...rest }) => ({ id: _id, ...rest }));
  }

  async markSent(ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.model.updateMany({ _id: { $in: [...ids] } }, { $set: { sentAt: at } }).exec();
  }
}
