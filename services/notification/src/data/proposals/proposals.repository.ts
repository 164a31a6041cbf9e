import type { Connection, Model } from 'mongoose';
import type { ProposalDirectory, ProposalParties } from '../../domain/ports';
import { proposalModel, type ProposalDoc } from './proposal.model';

const toParties = (d: ProposalDoc): ProposalParties => ({
  proposalId: d._id,
  senderId: d.senderId,
  receiverId: d.receiverId,
  productIds: d.productIds,
  offeredProductIds: d.offeredProductIds,
  status: d.status,
  accepted: d.accepted === true,
  stepActors: d.actors ?? {},
  shippedBy: d.shippedBy ?? [],
  deliveredBy: d.deliveredBy ?? [],
});

/** The only code that touches the proposals collection (notification's projection). */
export class ProposalsRepository implements ProposalDirectory {
  private readonly model: Model<ProposalDoc>;

  constructor(conn: Connection) {
    this.model = proposalModel(conn);
  }

  async get(proposalId: string): Promise<ProposalParties | null> {
    const d = await this.model.findById(proposalId).lean<ProposalDoc>().exec();
    return d ? toParties(d) : null;
  }

  async many(proposalIds: readonly string[]): Promise<ProposalParties[]> {
    if (proposalIds.length === 0) return [];
    const docs = await this.model
      .find({ _id: { $in: [...proposalIds] } })
      .lean<ProposalDoc[]>()
      .exec();
    return docs.map(toParties);
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
            ...(p.accepted ? { accepted: true } : {}),
            // Statuses are a fixed set of plain words: safe as a field name.
            ...(p.actorId ? { [`actors.${p.status}`]: p.actorId } : {}),
          },
        },
        { upsert: true },
      )
      .exec();
  }

  async recordShipping(
    proposalId: string,
    userId: string,
    status: 'shipped' | 'delivered',
  ): Promise<void> {
    const field = status === 'shipped' ? 'shippedBy' : 'deliveredBy';
    await this.model.updateOne({ _id: proposalId }, { $addToSet: { [field]: userId } }).exec();
  }
}
