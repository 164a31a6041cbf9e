import { findAll } from '@swapbooth/service-kit';
import { mongo, type Connection, type Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { Reservation, ReservationStore } from '../../domain/proposal-ports';
import { reservationModel, type ReservationDoc } from './reservation.model';

const toReservation = (d: ReservationDoc): Reservation => ({
  listingId: d._id,
  proposalId: d.proposalId,
  at: d.at,
});

/** The first refused insert of an ordered bulk insert (its index and code), if that was the error. */
function firstWriteError(err: unknown): { index: number; code?: number } | undefined {
  if (!(err instanceof mongo.MongoBulkWriteError)) return undefined;
  const errors = [err.writeErrors].flat() as Array<{ index: number; code?: number }>;
  return errors.sort((a, b) => a.index - b.index)[0];
}

/** The only code that touches the reservations collection. */
export class ReservationsRepository implements ReservationStore {
  private readonly model: Model<ReservationDoc>;

  /** `graceMs`: how long after a claim the due-work sweep looks at it. */
  constructor(
    conn: Connection,
    private readonly graceMs: number,
  ) {
    this.model = reservationModel(conn);
  }

  /** Just past the grace period, when a claim nothing stands behind counts as abandoned. */
  private checkAt(at: Date): Date {
    return new Date(at.getTime() + this.graceMs + 1);
  }

  async claim(listingId: string, proposalId: string, at: Date): Promise<'claimed' | Reservation> {
    for (;;) {
      try {
        await this.model.create({ _id: listingId, proposalId, at, checkAt: this.checkAt(at) });
        return 'claimed';
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const held = await this.find(listingId);
      // Released between the insert and the read: try again.
      if (held) return held;
    }
  }

  async claimInOrder(
    listingIds: readonly string[],
    proposalId: string,
    at: Date,
  ): Promise<{ claimed: string[]; held?: Reservation }> {
    const claimed: string[] = [];
    let rest = [...listingIds];
    const checkAt = this.checkAt(at);
    while (rest.length > 0) {
      try {
        // Ordered: the server stops at the first listing already held, as one claim after another would.
        await this.raw().insertMany(
          rest.map((_id) => ({ _id, proposalId, at, checkAt })),
          { ordered: true },
        );
        return { claimed: [...claimed, ...rest] };
      } catch (err) {
        const first = firstWriteError(err);
        if (!first || !isDuplicateKey(first)) throw err;
        claimed.push(...rest.slice(0, first.index));
        rest = rest.slice(first.index);
      }
      const held = await this.find(rest[0]!);
      if (held) return { claimed, held };
      // Released between the insert and the read: go on from it.
    }
    return { claimed };
  }

  async takeOver(held: Reservation, proposalId: string, at: Date): Promise<boolean> {
    const res = await this.model
      .updateOne(
        { _id: held.listingId, proposalId: held.proposalId, at: held.at },
        { $set: { proposalId, at, checkAt: this.checkAt(at) } },
      )
      .exec();
    return res.matchedCount === 1;
  }

  async release(listingId: string, proposalId: string): Promise<void> {
    await this.model.deleteOne({ _id: listingId, proposalId }).exec();
  }

  async releaseMany(listingIds: readonly string[], proposalId: string): Promise<void> {
    if (listingIds.length === 0) return;
    await this.model.deleteMany({ _id: { $in: [...listingIds] }, proposalId }).exec();
  }

  /** The collection through the driver, without mongoose's casting. */
  private raw() {
    return this.model.db.collection<ReservationDoc>(this.model.collection.collectionName);
  }

  async find(listingId: string): Promise<Reservation | undefined> {
    const doc = await this.raw().findOne({ _id: listingId });
    return doc ? toReservation(doc) : undefined;
  }

  async findMany(listingIds: readonly string[]): Promise<Map<string, Reservation>> {
    if (listingIds.length === 0) return new Map();
    const docs = await findAll(this.raw().find({ _id: { $in: [...new Set(listingIds)] } }));
    return new Map(docs.map((d) => [d._id, toReservation(d)]));
  }

  async dueForCheck(now: Date, limit: number): Promise<Reservation[]> {
    const docs = await this.model
      .find({ checkAt: { $lte: now } })
      .sort({ checkAt: 1 })
      .limit(limit)
      .lean<ReservationDoc[]>()
      .exec();
    return docs.map(toReservation);
  }

  async checked(r: Reservation): Promise<void> {
    await this.model
      .updateOne(
        { _id: r.listingId, proposalId: r.proposalId, at: r.at },
        { $unset: { checkAt: 1 } },
      )
      .exec();
  }
}
