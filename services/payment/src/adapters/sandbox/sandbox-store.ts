import { Schema, type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';

/** One sandbox object (customer, Checkout session, subscription, verification session) in Stripe's JSON shape. */
interface SandboxDoc {
  _id: string;
  kind: string;
  data: Record<string, unknown>;
}

const sandboxSchema = new Schema<SandboxDoc>(
  { _id: String, kind: String, data: { type: Schema.Types.Mixed, required: true } },
  { versionKey: false, minimize: false },
);

export function sandboxModel(conn: Connection): Model<SandboxDoc> {
  return (
    (conn.models.SandboxObject as Model<SandboxDoc> | undefined) ??
    conn.model<SandboxDoc>('SandboxObject', sandboxSchema, 'sandbox_objects')
  );
}

/** Where the sandbox provider keeps its objects: the payment service's own database. */
export class SandboxStore {
  private readonly model: Model<SandboxDoc>;

  constructor(conn: Connection) {
    this.model = sandboxModel(conn);
  }

  async get<T extends Record<string, unknown>>(id: string): Promise<T | undefined> {
    const doc = await this.model.findOne({ _id: id }).lean<SandboxDoc>().exec();
    return doc?.data as T | undefined;
  }

  /** False when the id exists already. */
  async insert(id: string, kind: string, data: Record<string, unknown>): Promise<boolean> {
    try {
      await this.model.create({ _id: id, kind, data });
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async put(id: string, kind: string, data: Record<string, unknown>): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { kind, data } }, { upsert: true }).exec();
  }
}
