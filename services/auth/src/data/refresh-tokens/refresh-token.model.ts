import { Schema, type Connection, type Model } from 'mongoose';

/**
 * One refresh token, stored by the SHA-256 of its value (the value itself is never stored).
 * Tokens rotate: each use marks the token used and issues a successor in the same family.
 */
export interface RefreshTokenDoc {
  _id: string;
  familyId: string;
  userId: string;
  expiresAt: Date;
  usedAt?: Date | null;
  revokedAt?: Date | null;
  /** The access token issued alongside, deny-listed if the family is revoked. */
  accessJti: string;
  accessExpiresAt: number;
  createdAt: Date;
}

const refreshTokenSchema = new Schema<RefreshTokenDoc>(
  {
    _id: { type: String, required: true },
    // revokeFamily and isFamilyRevoked.
    familyId: { type: String, required: true, index: true },
    // revokeAllOfUser.
    userId: { type: String, required: true, index: true },
    // deleteExpired: the periodic sweep of tokens past their expiry.
    expiresAt: { type: Date, required: true, index: true },
    usedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
    accessJti: { type: String, required: true },
    accessExpiresAt: { type: Number, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export function refreshTokenModel(conn: Connection): Model<RefreshTokenDoc> {
  return (
    (conn.models.RefreshToken as Model<RefreshTokenDoc> | undefined) ??
    conn.model<RefreshTokenDoc>('RefreshToken', refreshTokenSchema, 'refresh_tokens')
  );
}
