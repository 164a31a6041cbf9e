import type { Connection, Model } from 'mongoose';
import type { MarketScan } from '../../domain/circle-ports';
import {
  reservationModel,
  type ReservationDoc,
} from '../../../proposals/data/reservations/reservation.model';

/** The matcher's read of every reservation (ids only), one query per run. */
export class MarketRepository implements MarketScan {
  private readonly reservations: Model<ReservationDoc>;

  constructor(conn: Connection) {
    this.reservations = reservationModel(conn);
  }

  async reservedListingIds(): Promise<Set<string>> {
    const docs = await this.reservations.find({}, { _id: 1 }).lean<{ _id: string }[]>().exec();
    return new Set(docs.map((d) => d._id));
  }
}
