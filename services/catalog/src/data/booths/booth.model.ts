import { Schema, type Connection, type Model } from 'mongoose';
import { outboxPlugin } from '@swapbooth/event-bus';
import type { Booth } from '../../domain/booth';

/**
 * Lowercased copies of username and name carry the case-insensitive unique indexes: a plain unique
 * index works on MongoDB and on the local server alike, which has no collations.
 */
export type BoothDoc = Omit<Booth, 'id'> & {
  _id: string;
  usernameLower: string;
  nameLower: string;
};

const boothSchema = new Schema<BoothDoc>(
  {
    _id: { type: String },
    // One booth per member; findByUserId, findByUserIds ($in) and findByIdOrUser.
    userId: { type: String, required: true, unique: true },
    username: { type: String, required: true },
    // Usernames unique regardless of case; findByUsername and usernameTaken.
    usernameLower: { type: String, required: true, unique: true },
    name: { type: String, required: true },
    // Booth names unique regardless of case; nameTaken.
    nameLower: { type: String, required: true, unique: true },
    description: { type: String, default: '' },
    interests: { type: [String], default: [] },
    addressId: String,
    status: { type: String, required: true },
    accountSuspendedFrom: { type: String, default: null },
    views: { type: Number, default: 0 },
    version: { type: Number, required: true },
    createdAt: { type: Date, required: true },
    updatedAt: { type: Date, required: true },
  },
  { versionKey: false },
);
boothSchema.plugin(outboxPlugin);

export function boothModel(conn: Connection): Model<BoothDoc> {
  return (
    (conn.models.Booth as Model<BoothDoc> | undefined) ??
    conn.model<BoothDoc>('Booth', boothSchema, 'booths')
  );
}
