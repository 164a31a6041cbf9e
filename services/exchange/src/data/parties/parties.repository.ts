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
    const faces = await Promise.all(ids.map((id) => this.party(id)));
    return new Map(faces.map((f) => [f.user_id, f]));
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
