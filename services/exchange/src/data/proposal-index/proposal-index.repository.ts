import type { Connection, Model } from 'mongoose';
import type { ProposalStatus } from '@swapbooth/contracts';
import type { Proposal } from '../../domain/proposal';
import type { MemberEntry, ProposalIndex } from '../../domain/proposal-ports';
import {
  listingProposalsModel,
  memberProposalsModel,
  type ListingProposalsDoc,
  type MemberProposalsDoc,
} from './proposal-index.model';

/**
 * The lookup documents naming each member's and each listing's proposals, read and written by
 * _id only (upserts with $addToSet and per-proposal fields: a repeated write changes nothing).
 * Proposal ids are UUIDs, safe as field names.
 */
export class ProposalIndexRepository implements ProposalIndex {
  private readonly members: Model<MemberProposalsDoc>;
  private readonly listings: Model<ListingProposalsDoc>;

  constructor(conn: Connection) {
    this.members = memberProposalsModel(conn);
    this.listings = listingProposalsModel(conn);
  }

  /** Called once per new proposal (its id is fresh): 'new' until the proposal is stored. */
  private async addForMember(userId: string, proposalId: string, role: 's' | 'r') {
    await this.members
      .updateOne(
        { _id: userId },
        {
          $addToSet: { ids: proposalId },
          $set: { [`role.${proposalId}`]: role, [`st.${proposalId}`]: 'new' },
        },
        { upsert: true },
      )
      .exec();
  }

  async addForMembers(proposalId: string, senderId: string, receiverId: string): Promise<void> {
    await this.addForMember(senderId, proposalId, 's');
    await this.addForMember(receiverId, proposalId, 'r');
  }

  async addForListings(proposalId: string, listingIds: readonly string[]): Promise<void> {
    for (const id of new Set(listingIds)) {
      await this.listings
        .updateOne({ _id: id }, { $addToSet: { ids: proposalId } }, { upsert: true })
        .exec();
    }
  }

  async noteStatus(p: Proposal): Promise<void> {
    const set: Record<string, unknown> = { [`st.${p.id}`]: p.status };
    if (p.acceptedAt) set[`acc.${p.id}`] = true;
    for (const userId of [p.senderId, p.receiverId]) {
      await this.members.updateOne({ _id: userId }, { $set: set }).exec();
    }
  }

  async entriesOf(userId: string): Promise<MemberEntry[]> {
    const doc = await this.members.findById(userId).lean<MemberProposalsDoc>().exec();
    if (!doc) return [];
    return doc.ids.map((id) => ({
      proposalId: id,
      role: doc.role?.[id] === 's' ? 'sent' : 'received',
      status: (doc.st?.[id] ?? 'new') as ProposalStatus | 'new',
      acceptedEver: doc.acc?.[id] === true,
    }));
  }

  async idsOfListing(listingId: string): Promise<string[]> {
    const doc = await this.listings.findById(listingId).lean<ListingProposalsDoc>().exec();
    return doc?.ids ?? [];
  }
}
