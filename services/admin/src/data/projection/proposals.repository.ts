import type { Connection } from 'mongoose';
import { projectionModels, type ProjectionModels } from './projection.models';

/**
 * The proposals projection (exchange's proposal events, and disputes' openings): each proposal's
 * status and times, for the dashboard only. Keyed by the proposal id; an event older than the last
 * one applied leaves the status as it is.
 */
export class ProposalsRepository {
  private readonly proposals: ProjectionModels['proposals'];

  constructor(conn: Connection) {
    this.proposals = projectionModels(conn).proposals;
  }

  async changed(proposalId: string, status: string, at: Date) {
    const current = await this.proposals.findById(proposalId).lean<{
      createdAt?: Date;
      lastEventAt?: Date;
      status?: string;
    }>();
    const createdAt = current?.createdAt && current.createdAt < at ? current.createdAt : at;
    const newer = !current?.lastEventAt || current.lastEventAt <= at;
    // Once completed, a proposal stays completed whatever arrives late.
    const keep = current?.status === 'completed' || !newer;
    await this.proposals
      .updateOne(
        { _id: proposalId },
        {
          $set: {
            createdAt,
            ...(keep ? {} : { status, lastEventAt: at }),
            ...(status === 'completed' ? { completedAt: at } : {}),
          },
        },
        { upsert: true },
      )
      .exec();
  }

  /** Every proposal with the fields the dashboard counts. */
  counted() {
    return this.proposals.find({}, { status: 1, createdAt: 1, completedAt: 1 }).lean().exec();
  }
}
