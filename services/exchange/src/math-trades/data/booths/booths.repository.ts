import type { Connection, Model } from 'mongoose';
import type { Booth, BoothDirectory } from '../../domain/organiser';
import { guardedUpsert } from '../../../shared/data/guarded-upsert';
import { boothModel, type BoothDoc } from './booth.model';

export interface BoothSnapshotIn {
  boothId: string;
  userId: string;
  username: string;
  name: string;
  status: string;
  version: number;
}

/** The only code that touches the booths projection. */
export class BoothsRepository implements BoothDirectory {
  private readonly model: Model<BoothDoc>;

  constructor(conn: Connection) {
    this.model = boothModel(conn);
  }

  async boothOf(userId: string): Promise<Booth | undefined> {
    const d = await this.model.findById(userId).lean<BoothDoc>().exec();
    return d ? { boothId: d.boothId, userId: d._id, name: d.name, status: d.status } : undefined;
  }

  /** Keeps the newest snapshot of a member's booth (older or repeated events change nothing). */
  apply(s: BoothSnapshotIn): Promise<void> {
    return guardedUpsert(this.model, s.userId, 'version', s.version, {
      boothId: s.boothId,
      name: s.name,
      username: s.username,
      status: s.status,
    });
  }
}
