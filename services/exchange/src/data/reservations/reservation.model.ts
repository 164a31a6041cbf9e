import { Schema, type Connection, type Model } from 'mongoose';

/** One reserved listing: its id is the unique key, so only one exchange can hold it. */
export interface ReservationDoc {
  _id: string;
  proposalId: string;
  at: Date;
}

const reservationSchema = new Schema<ReservationDoc>(
  {
    _id: String,
    proposalId: { type: String, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

export function reservationModel(conn: Connection): Model<ReservationDoc> {
  return (
    (conn.models.Reservation as Model<ReservationDoc> | undefined) ??
    conn.model<ReservationDoc>('Reservation', reservationSchema, 'reservations')
  );
}
