import { findAll } from '@swapbooth/service-kit';
import type { Connection, Model } from 'mongoose';
import { revocationModel, type RevocationDoc } from './revocation.model';

const isDuplicateKey = (err: unknown) => (err as { code?: unknown })?.code === 11000;

/** The only code that touches the `revocations` collection. */
export class RevocationsRepository {
  private readonly model: Model<RevocationDoc>;

  constructor(conn: Connection) {
    this.model = revocationModel(conn);
  }

  /** Records a revocation; recording the same one again is harmless. */
  async record(doc: RevocationDoc): Promise<void> {
    try {
      await this.model.collection.insertOne(doc as never);
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
    }
  }

  /** Every revocation not expired yet (a small set: access tokens live minutes). */
  async live(now = new Date()): Promise<RevocationDoc[]> {
    const all = await findAll(this.model.collection.find<RevocationDoc>({}));
    return all.filter((r) => r.expiresAt > now);
  }

  /** Removes the expired ones; returns how many. */
  async deleteExpired(now = new Date()): Promise<number> {
    const res = await this.model.deleteMany({ expiresAt: { $lt: now } }).exec();
    return res.deletedCount;
  }
}
