import { Schema, type Connection, type Model } from 'mongoose';
import type { PhotoReaders } from '../../domain/private-photos';

/**
 * Who may read each private photo besides its uploader: a dispute's parties, recorded from
 * `dispute.opened`. Keyed by the photo's key; adding the same readers again changes nothing.
 */
interface PhotoReadersDoc {
  _id: string;
  readers: string[];
  disputeIds: string[];
}

const schema = new Schema<PhotoReadersDoc>(
  {
    _id: { type: String },
    readers: { type: [String], default: [] },
    disputeIds: { type: [String], default: [] },
  },
  { versionKey: false },
);

const model = (conn: Connection): Model<PhotoReadersDoc> =>
  (conn.models.PhotoReaders as Model<PhotoReadersDoc> | undefined) ??
  conn.model<PhotoReadersDoc>('PhotoReaders', schema, 'private_photo_readers');

/** The only code that touches the private photos' readers. */
export class PhotoReadersRepository implements PhotoReaders {
  private readonly model: Model<PhotoReadersDoc>;

  constructor(conn: Connection) {
    this.model = model(conn);
  }

  async allow(keys: readonly string[], readers: readonly string[], disputeId: string) {
    if (keys.length === 0) return;
    await this.model.bulkWrite(
      keys.map((key) => ({
        updateOne: {
          filter: { _id: key },
          update: { $addToSet: { readers: { $each: [...readers] }, disputeIds: disputeId } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  /** The keys among `keys` that `userId` was made a reader of. */
  async readable(keys: readonly string[], userId: string): Promise<Set<string>> {
    const docs = await this.model
      .find({ _id: { $in: [...keys] }, readers: userId }, { _id: 1 })
      .lean()
      .exec();
    return new Set(docs.map((d) => d._id));
  }
}
