import { Schema, type Connection, type Model } from 'mongoose';

/** Exchange's projection of members' public faces (from account events). */
export interface PartyDoc {
  _id: string;
  firstName?: string;
  lastName?: string;
  username?: string;
  profileImage?: string;
  profileVersion: number;
}

const partySchema = new Schema<PartyDoc>(
  {
    _id: String,
    firstName: String,
    lastName: String,
    username: String,
    profileImage: String,
    profileVersion: { type: Number, required: true },
  },
  { versionKey: false },
);

export function partyModel(conn: Connection): Model<PartyDoc> {
  return (
    (conn.models.Party as Model<PartyDoc> | undefined) ??
    conn.model<PartyDoc>('Party', partySchema, 'parties')
  );
}
