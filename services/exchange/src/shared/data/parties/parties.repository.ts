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

/** The only code that touches the parties projection. */
export class PartiesRepository implements PartyDirectory {
  private readonly model: Model<PartyDoc>;

  constructor(conn: Connection) {
    this.model = partyModel(conn);
  }

  async party(userId: string): Promise<ProposalPartyResponse> {
    return faceOf(userId, await this.model.findById(userId).lean<PartyDoc>().exec());
  }

  async parties(userIds: readonly string[]): Promise<Map<string, ProposalPartyResponse>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const docs = await this.model
      .find({ _id: { $in: ids } })
      .lean<PartyDoc[]>()
      .exec();
    const found = new Map(docs.map((d) => [d._id, d]));
    return new Map(ids.map((id) => [id, faceOf(id, found.get(id))]));
  }

  applyProfile(
    userId: string,
    version: number,
    profile: Partial<Pick<PartyDoc, 'firstName' | 'lastName' | 'username' | 'profileImage'>>,
  ): Promise<void> {
    const set = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
    return guardedUpsert(this.model, userId, 'profileVersion', version, set);
  }
}
