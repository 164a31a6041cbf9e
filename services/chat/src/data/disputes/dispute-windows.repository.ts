import type { Connection, Model } from 'mongoose';
import type { DisputeWindows } from '../../domain/transcript';
import { disputeWindowModel, type DisputeWindowDoc } from './dispute-window.model';

/** The only code that touches the dispute windows. */
export class DisputeWindowsRepository implements DisputeWindows {
  private readonly model: Model<DisputeWindowDoc>;

  constructor(conn: Connection) {
    this.model = disputeWindowModel(conn);
  }

  async opened(disputeId: string, proposalId: string): Promise<void> {
    // A dispute closed already (its events replayed) stays closed.
    await this.model
      .updateOne({ _id: disputeId }, { $setOnInsert: { proposalId, open: true } }, { upsert: true })
      .exec();
  }

  async closed(disputeId: string, proposalId: string): Promise<void> {
    await this.model
      .updateOne({ _id: disputeId }, { $set: { proposalId, open: false } }, { upsert: true })
      .exec();
  }

  async isOpen(proposalId: string): Promise<boolean> {
    return (await this.model.exists({ proposalId, open: true })) !== null;
  }
}
