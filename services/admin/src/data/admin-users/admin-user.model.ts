import { Schema, type Connection, type Model } from 'mongoose';

export interface AdminUserDoc {
  _id: string;
  email: string;
  passwordHash: string;
  role: string;
  permissions: Record<string, boolean>;
  failedAttempts: number;
  lockedUntil?: Date | null;
  lastSignInAt?: Date | null;
  /** Absent on accounts created before admins could be disabled: active. */
  status?: string;
  sessionsValidAfter?: Date | null;
  passwordReset?: { tokenHash: string; expiresAt: Date } | null;
  createdAt: Date;
  version: number;
}

/** Admin accounts; the e-mail is unique (claimed by the insert); a reset link is found by its hash. */
export function adminUserModel(conn: Connection): Model<AdminUserDoc> {
  return (
    (conn.models.AdminUser as Model<AdminUserDoc> | undefined) ??
    conn.model<AdminUserDoc>(
      'AdminUser',
      new Schema<AdminUserDoc>(
        {
          _id: String,
          // findByEmail (sign-in), and one account per e-mail claimed by the insert.
          email: { type: String, required: true, unique: true },
          passwordHash: { type: String, required: true },
          role: { type: String, required: true },
          permissions: { type: Schema.Types.Mixed, default: {} },
          failedAttempts: { type: Number, default: 0 },
          lockedUntil: Date,
          lastSignInAt: Date,
          status: { type: String, default: 'active' },
          sessionsValidAfter: Date,
          passwordReset: { type: Schema.Types.Mixed, default: null },
          createdAt: { type: Date, required: true },
          version: { type: Number, required: true },
        },
        { versionKey: false, minimize: false },
        // findByResetTokenHash: the account a reset link belongs to (only those with a link).
      ).index({ 'passwordReset.tokenHash': 1 }, { sparse: true }),
      'admin_users',
    )
  );
}
