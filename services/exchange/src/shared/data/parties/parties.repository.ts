import { findAll, KeptReads } from '@swapbooth/service-kit';
import type { Connection, Model } from 'mongoose';
import type { ProposalPartyResponse } from '@swapbooth/contracts';
import type { PartyDirectory } from '../../domain/ports';
import { guardedUpsert } from '../guarded-upsert';
import { partyModel, type PartyDoc } from './party.model';

const faceOf = (userId: string, d?: PartyDoc | null): ProposalPartyResponse => ({
  user_id: userId,
  first_name: d?.firstName ?? '',
  last_name: d?.lastName ?? '',
  username: d?.username ?? '',
  profile_image: d?.profileImage ?? '',
});

/**
 * The only code that touches the parties projection. Every proposal answer shows both parties,
 * whose names and pictures change rarely: a face read is kept for a few seconds (a change applied
 * here drops it at once; one applied by another replica shows within seconds: see KeptReads).
 */
export class PartiesRepository implements PartyDirectory {
  private readonly model: Model<PartyDoc>;
  private readonly faces = new KeptReads<ProposalPartyResponse>();

  constructor(conn: Connection) {
    this.model = partyModel(conn);
  }

  async party(userId: string): Promise<ProposalPartyResponse> {
    return (await this.parties([userId])).get(userId)!;
  }

  async parties(userIds: readonly string[]): Promise<Map<string, ProposalPartyResponse>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const faces = await this.faces.many(ids, async (missing) => {
      // Through the driver: a plain read by _id needs none of mongoose's query building.
      const docs = await findAll(
        this.model.db
          .collection<PartyDoc>(this.model.collection.collectionName)
          .find({ _id: { $in: missing } }),
      );
      const found = new Map(docs.map((d) => [d._id, d]));
      // A member not projected yet still has a (blank) face.
      return new Map(missing.map((id) => [id, faceOf(id, found.get(id))]));
    });
    return new Map(ids.map((id) => [id, faces.get(id)!]));
  }

  async applyProfile(
    userId: string,
    version: number,
    profile: Partial<Pick<PartyDoc, 'firstName' | 'lastName' | 'username' | 'profileImage'>>,
  ): Promise<void> {
    const set = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
    await this.faces.changing([userId], () =>
      guardedUpsert(this.model, userId, 'profileVersion', version, set),
    );
  }
}
