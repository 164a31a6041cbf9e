import { Schema, type Connection, type Model } from 'mongoose';

const loopStep = new Schema(
  { user: String, item: String, receivesFrom: String, receivesItem: String },
  { _id: false },
);

/** The figures of a solved math trade, as its list shows them. */
const summaryFields = {
  name: { type: String, required: true },
  organiserId: { type: String, required: true },
  itemsTotal: { type: Number, required: true },
  itemsTrading: { type: Number, required: true },
  usersTrading: { type: Number, required: true },
  groupSizes: { type: [Number], default: [] },
  sumOfSquares: { type: Number, required: true },
  elapsedMs: { type: Number, required: true },
  warnings: { type: [String], default: [] },
  createdAt: { type: Date, required: true },
};

export interface MathTradeSummaryDoc {
  _id: string;
  name: string;
  organiserId: string;
  itemsTotal: number;
  itemsTrading: number;
  usersTrading: number;
  groupSizes: number[];
  sumOfSquares: number;
  elapsedMs: number;
  warnings: string[];
  createdAt: Date;
}

export interface LoopStepDoc {
  user: string;
  item: string;
  receivesFrom: string;
  receivesItem: string;
}

/**
 * A solved math trade: its figures, its loops and the TradeMaximizer-style report. Each loop is an
 * object holding its steps.
 */
export interface MathTradeDoc extends MathTradeSummaryDoc {
  loops: Array<{ steps: LoopStepDoc[] }>;
  report: string;
}

const loopSchema = new Schema({ steps: { type: [loopStep], default: [] } }, { _id: false });

const mathTradeSchema = new Schema<MathTradeDoc>(
  { _id: String, ...summaryFields, loops: { type: [loopSchema], default: [] }, report: String },
  { versionKey: false },
);
// An organiser's math trades, newest first (their list of trades).
mathTradeSchema.index({ organiserId: 1, createdAt: -1 });

export function mathTradeModel(conn: Connection): Model<MathTradeDoc> {
  return (
    (conn.models.MathTrade as Model<MathTradeDoc> | undefined) ??
    conn.model<MathTradeDoc>('MathTrade', mathTradeSchema, 'math_trades')
  );
}
