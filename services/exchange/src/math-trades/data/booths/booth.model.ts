import { Schema, type Connection, type Model } from 'mongoose';

/** Exchange's projection of booths (from catalog's booth events), keyed by their owner. */
export interface BoothDoc {
  /** The owner's user id: a member runs at most one booth. */
  _id: string;
  boothId: string;
  name: string;
  username: string;
  status: string;
  version: number;
}

const boothSchema = new Schema<BoothDoc>(
  {
    _id: String,
    boothId: { type: String, required: true },
    name: { type: String, default: '' },
    username: { type: String, default: '' },
    status: { type: String, required: true },
    version: { type: Number, required: true },
  },
  { versionKey: false },
);

export function boothModel(conn: Connection): Model<BoothDoc> {
  return (
    (conn.models.Booth as Model<BoothDoc> | undefined) ??
    conn.model<BoothDoc>('Booth', boothSchema, 'booths')
  );
}
