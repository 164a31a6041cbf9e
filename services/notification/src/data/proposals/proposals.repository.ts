import type { Connection, Model } from 'mongoose';
import type { ProposalDirectory, ProposalParties } from '../../domain/ports';
import { proposalModel, type ProposalDoc } from './proposal.model';

/** The only code that touches the proposals collection (notification's projection). */
export class ProposalsRepository implements ProposalDirectory {
  private readonly model: Model<ProposalDoc>;

  constructor(conn: Connection) {
    this.model = proposalModel(conn);
  }

  async get(proposalId: string): Promise<ProposalParties | null> {
    const d = await this.model.findById(proposalId).lean<ProposalDoc>().exec();
    return d
      ? {
          proposalId: d._id,
          senderId: d.senderId,
          receiverId: d.receiverId,
          productIds: d.productIds,
          offeredProductIds: d.offeredProductIds,
          status: d.status,
        }
      : null;
  }

  async record(p: ProposalParties): Promise<void> {
    await this.model
      .updateOne(
        { _id: p.proposalId },
        {
          $set: {
            senderId: p.senderId,
            receiverId: p.receiverId,
            productIds: p.productIds,
            offeredProductIds: p.offeredProductIds,
            status: p.status,
          },
        },
        { upsert: true },
      )
      .exec();
  }
}
