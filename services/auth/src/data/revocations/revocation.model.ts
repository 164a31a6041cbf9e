import { Schema, type Connection, type Model } from 'mongoose';

/**
 * One revocation, recorded before it is written to Redis, so the deny-list can be written back
 * when Redis restarts empty. Insert-only (`_id` names it), removed once it has expired.
 * - jti:<jti>                      one access token revoked (`at` unused)
 * - user-before:<userId>:<at>      every token of the user issued up to `at` (seconds)
 */
export interface RevocationDoc {
  _id: string;
  kind: 'jti' | 'user-before';
  /** The token id (jti) or the user id. */
  subject: string;
  at?: number;
  expiresAt: Date;
}

export function revocationModel(conn: Connection): Model<RevocationDoc> {
  const existing = conn.models.Revocation as Model<RevocationDoc> | undefined;
  if (existing) return existing;
  const schema = new Schema<RevocationDoc>(
    {
      _id: { type: String },
      kind: { type: String, required: true },
      subject: { type: String, required: true },
      at: { type: Number },
      expiresAt: { type: Date, required: true },
    },
    { versionKey: false },
  );
  return conn.model<RevocationDoc>('Revocation', schema, 'revocations');
}
