import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { LinkKind, OwnerLinks } from '../../domain/ports';

/** `_id` is `<kind>:<provider id>`, so every lookup reads one document by its key. */
interface LinkDoc {
  _id: string;
  userId: string;
  at: Date;
}

const linkSchema = new Schema<LinkDoc>(
  { _id: String, userId: { type: String, required: true }, at: Date },
  { versionKey: false },
);

export function ownerLinkModel(conn: Connection): Model<LinkDoc> {
  return (
    (conn.models.OwnerLink as Model<LinkDoc> | undefined) ??
    conn.model<LinkDoc>('OwnerLink', linkSchema, 'owner_links')
  );
}

/** Which member owns a customer, subscription or verification session. */
export class OwnerLinksRepository implements OwnerLinks {
  private readonly model: Model<LinkDoc>;

  constructor(conn: Connection) {
    this.model = ownerLinkModel(conn);
  }

  async link(kind: LinkKind, id: string, userId: string): Promise<void> {
    try {
      await this.model.create({ _id: `${kind}:${id}`, userId, at: new Date() });
    } catch (err) {
      // The first owner stays: a provider id is never handed over to another member.
      if (!isDuplicateKey(err)) throw err;
    }
  }

  async ownerOf(kind: LinkKind, id: string): Promise<string | undefined> {
    if (!id) return undefined;
    const doc = await this.model
      .findOne({ _id: `${kind}:${id}` })
      .lean<LinkDoc>()
      .exec();
    return doc?.userId;
  }
}
