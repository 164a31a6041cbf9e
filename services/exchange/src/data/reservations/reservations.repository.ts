import type { Connection, Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { Calendar, Reservation, ReservationStore } from '../../domain/proposal-ports';
import { reservationModel, type ReservationDoc } from './reservation.model';

const toReservation = (d: ReservationDoc): Reservation => ({
  listingId: d._id,
  proposalId: d.proposalId,
  at: d.at,
});

/** The only code that touches the reservations collection. */
export class ReservationsRepository implements ReservationStore {
  private readonly model: Model<ReservationDoc>;

  constructor(
    conn: Connection,
    private readonly claims: Pick<Calendar, 'schedule'>,
  ) {
    this.model = reservationModel(conn);
  }

  async claim(listingId: string, proposalId: string, at: Date): Promise<'claimed' | Reservation> {
    await this.claims.schedule(listingId, at);
    for (;;) {
      try {
        await this.model.create({ _id: listingId, proposalId, at });
        return 'claimed';
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
      const held = await this.find(listingId);
      // Released between the insert and the read: try again.
      if (held) return held;
    }
  }

  async takeOver(held: Reservation, proposalId: string, at: Date): Promise<boolean> {
    await this.claims.schedule(held.listingId, at);
    const res = await this.model
      .updateOne(
        { _id: held.listingId, proposalId: held.proposalId, at: held.at },
        { $set: { proposalId, at } },
      )
      .exec();
    return res.matchedCount === 1;
  }

  async release(listingId: string, proposalId: string): Promise<void> {
    await this.model.deleteOne({ _id: listingId, proposalId }).exec();
  }

  async find(listingId: string): Promise<Reservation | undefined> {
    const doc = await this.model.findById(listingId).lean<ReservationDoc>().exec();
    return doc ? toReservation(doc) : undefined;
  }
}
