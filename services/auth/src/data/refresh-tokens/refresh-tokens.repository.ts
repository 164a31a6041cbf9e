import type { Connection, Model } from 'mongoose';
import type { IssuedAccess, RefreshTokenRecord, RefreshTokenRepository } from '../../domain/ports';
import { refreshTokenModel, type RefreshTokenDoc } from './refresh-token.model';

const toRecord = (d: RefreshTokenDoc): RefreshTokenRecord => ({
  hash: d._id,
  familyId: d.familyId,
  userId: d.userId,
  expiresAt: d.expiresAt,
  usedAt: d.usedAt ?? null,
  revokedAt: d.revokedAt ?? null,
  accessJti: d.accessJti,
  accessExpiresAt: d.accessExpiresAt,
});

/** The only code that touches the refresh_tokens collection. */
export class RefreshTokensRepository implements RefreshTokenRepository {
  private readonly model: Model<RefreshTokenDoc>;

  constructor(conn: Connection) {
    this.model = refreshTokenModel(conn);
  }

  async insert(r: Omit<RefreshTokenRecord, 'usedAt' | 'revokedAt'>): Promise<void> {
    const { hash, ...rest } = r;
    await this.model.create({ _id: hash, ...rest, createdAt: new Date() });
  }

  /** Marks a live token used (atomically: only one caller can use a token); null if it was not live. */
  async use(hash: string, now = new Date()): Promise<RefreshTokenRecord | null> {
    const d = await this.model
      .findOneAndUpdate(
        { _id: hash, usedAt: null, revokedAt: null, expiresAt: { $gt: now } },
        { $set: { usedAt: now } },
        { returnDocument: 'after' },
      )
      .lean<RefreshTokenDoc>()
      .exec();
    return d ? toRecord(d) : null;
  }

  async find(hash: string): Promise<RefreshTokenRecord | null> {
    const d = await this.model.findById(hash).lean<RefreshTokenDoc>().exec();
    return d ? toRecord(d) : null;
  }

  async isFamilyRevoked(familyId: string): Promise<boolean> {
    return (await this.model.exists({ familyId, revokedAt: { $ne: null } }).exec()) !== null;
  }

  /** Revokes every token of a family; returns the access tokens issued with them (to deny-list). */
  async revokeFamily(familyId: string): Promise<IssuedAccess[]> {
    return this.revokeWhere({ familyId });
  }

  /** Revokes every refresh token a user holds. */
  async revokeAllOfUser(userId: string): Promise<IssuedAccess[]> {
    return this.revokeWhere({ userId, revokedAt: null });
  }

  /** Removes tokens that expired more than `graceMs` ago (no TTL indexes on the local database). */
  async deleteExpired(graceMs: number): Promise<number> {
    const res = await this.model
      .deleteMany({ expiresAt: { $lt: new Date(Date.now() - graceMs) } })
      .exec();
    return res.deletedCount ?? 0;
  }

  private async revokeWhere(filter: Record<string, unknown>): Promise<IssuedAccess[]> {
    const now = new Date();
    const docs = await this.model
      .find(filter, { accessJti: 1, accessExpiresAt: 1 })
      .lean<RefreshTokenDoc[]>()
      .exec();
    await this.model
      .updateMany({ ...filter, revokedAt: null }, { $set: { revokedAt: now } })
      .exec();
    const nowSec = Math.floor(now.getTime() / 1000);
    return docs
      .filter((d) => d.accessExpiresAt > nowSec)
      .map((d) => ({ jti: d.accessJti, expiresAt: d.accessExpiresAt }));
  }
}
