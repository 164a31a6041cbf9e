import { Schema, type Connection, type Model } from 'mongoose';

/** An edge left out of the matching until `until`, keyed by `<from>><to>`. */
export interface ExclusionDoc {
  _id: string;
  userId: string;
  from: string;
  to: string;
  until: Date;
}

const exclusionSchema = new Schema<ExclusionDoc>(
  {
    _id: String,
    userId: { type: String, required: true },
    from: { type: String, required: true },
    to: { type: String, required: true },
    until: { type: Date, required: true },
  },
  { versionKey: false },
);
// Edges by when they come back into the matching (the matcher reads the active ones).
exclusionSchema.index({ until: 1 });

export function exclusionModel(conn: Connection): Model<ExclusionDoc> {
  return (
    (conn.models.CircleExclusion as Model<ExclusionDoc> | undefined) ??
    conn.model<ExclusionDoc>('CircleExclusion', exclusionSchema, 'circle_exclusions')
  );
}
