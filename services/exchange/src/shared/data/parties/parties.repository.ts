import { findAll } from '@swapbooth/service-kit';
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

/** How long a face read is shown without reading it again, and how many are kept. */
const FACE_TTL_MS = 5_000;
const FACES_KEPT = 10_000;

/**
 * The only code that touches the parties projection. Every proposal answer shows both parties,
 * whose names and pictures change rarely: a face read is kept for a few seconds (a change applied
 * here drops it at once; one applied by another replica shows within `FACE_TTL_MS`).
 */
export class PartiesRepository implements PartyDirectory {
  private readonly model: Model<PartyDoc>;
  private readonly faces = new Map<string, { face: ProposalPartyResponse; until: number }>();
  /** Counts the changes applied here: a read that overlapped one keeps nothing. */
  private changes = 0;

  constructor(conn: Connection) {
    this.model = partyModel(conn);
  }

  async party(userId: string): Promise<ProposalPartyResponse> {
    return (await this.parties([userId])).get(userId)!;
  }

  async parties(userIds: readonly string[]): Promise<Map<string, ProposalPartyResponse>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const now = Date.now();
    const out = new Map<string, ProposalPartyResponse>();
    const missing: string[] = [];
    for (const id of ids) {
      const kept = this.faces.get(id);
      if (kept && kept.until > now) out.set(id, kept.face);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const changesAtRead = this.changes;
      // Through the driver: a plain read by _id needs none of mongoose's query building.
      const docs = await findAll(
        this.model.db
          .collection<PartyDoc>(this.model.collection.collectionName)
          .find({ _id: { $in: missing } }),
      );
      const found = new Map(docs.map((d) => [d._id, d]));
      const keep = changesAtRead === this.changes;
      for (const id of missing) {
        const face = faceOf(id, found.get(id));
        out.set(id, face);
        if (keep) this.keep(id, face, now);
      }
    }
    return new Map(ids.map((id) => [id, out.get(id)!]));
  }

  private keep(id: string, face: ProposalPartyResponse, now: number): void {
    this.faces.delete(id);
    if (this.faces.size >= FACES_KEPT) this.faces.delete(this.faces.keys().next().value!);
    this.faces.set(id, { face, until: now + FACE_TTL_MS });
  }

  async applyProfile(
    userId: string,
    version: number,
    profile: Partial<Pick<PartyDoc, 'firstName' | 'lastName' | 'username' | 'profileImage'>>,
  ): Promise<void> {
    const set = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
    this.changes++;
    this.faces.delete(userId);
    try {
      await guardedUpsert(this.model, userId, 'profileVersion', version, set);
    } finally {
      this.changes++;
      this.faces.delete(userId);
    }
  }
}
