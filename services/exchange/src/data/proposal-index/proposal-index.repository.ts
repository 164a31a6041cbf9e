import type { Connection, Model } from 'mongoose';
import type { ProposalIndex } from '../../domain/proposal-ports';
import {
  listingProposalsModel,
  memberProposalsModel,
  type ListingProposalsDoc,
  type MemberProposalsDoc,
} from './proposal-index.model';

/**
 * The lookup documents naming each member's and each listing's proposals, read and written by
 * _id only ($addToSet upserts: a repeated write changes nothing).
 */
export class ProposalIndexRepository implements ProposalIndex {
  private readonly members: Model<MemberProposalsDoc>;
  private readonly listings: Model<ListingProposalsDoc>;

  constructor(conn: Connection) {
    this.members = memberProposalsModel(conn);
    this.listings = listingProposalsModel(conn);
  }

  async addForMembers(proposalId: string, senderId: string, receiverId: string): Promise<void> {
    await this.members
      .updateOne({ _id: senderId }, { $addToSet: { sent: proposalId } }, { upsert: true })
      .exec();
    await this.members
      .updateOne({ _id: receiverId }, { $addToSet: { received: proposalId } }, { upsert: true })
      .exec();
  }

  async addForListings(proposalId: string, listingIds: readonly string[]): Promise<void> {
    for (const id of new Set(listingIds)) {
      await this.listings
        .updateOne({ _id: id }, { $addToSet: { ids: proposalId } }, { upsert: true })
        .exec();
    }
  }

  async idsOfMember(userId: string): Promise<{ sent: string[]; received: string[] }> {
    const doc = await this.members.findById(userId).lean<MemberProposalsDoc>().exec();
    return { sent: doc?.sent ?? [], received: doc?.received ?? [] };
  }

  async idsOfListing(listingId: string): Promise<string[]> {
    const doc = await this.listings.findById(listingId).lean<ListingProposalsDoc>().exec();
    return doc?.ids ?? [];
  }
}
