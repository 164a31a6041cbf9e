import { Schema, type Connection, type Model } from 'mongoose';

/** One reserved listing: its id is the unique key, so only one exchange can hold it. */
export interface ReservationDoc {
  _id: string;
  proposalId: string;
  at: Date;
  /** When the due-work sweep looks whether the claim still stands; unset once it did. */
  checkAt?: Date;
}

const reservationSchema = new Schema<ReservationDoc>(
  {
    _id: String,
    proposalId: { type: String, required: true },
    at: { type: Date, required: true },
    checkAt: Date,
  },
  { versionKey: false },
);
// Claims whose grace period is over and that nobody looked at yet (the due-work sweep; sparse:
// a claim looked at loses the field).
reservationSchema.index({ checkAt: 1 }, { sparse: true });

export function reservationModel(conn: Connection): Model<ReservationDoc> {
  return (
    (conn.models.Reservation as Model<ReservationDoc> | undefined) ??
    conn.model<ReservationDoc>('Reservation', reservationSchema, 'reservations')
  );
}
