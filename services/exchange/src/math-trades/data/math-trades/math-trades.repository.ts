import type { Connection, Model } from 'mongoose';
import type { MathTrade, MathTradeRepository, MathTradeSummary } from '../../domain/math-trade';
import { mathTradeModel, type MathTradeDoc, type MathTradeSummaryDoc } from './math-trade.model';

const toSummary = (d: MathTradeSummaryDoc): MathTradeSummary => ({
  id: d._id,
  name: d.name,
  organiserId: d.organiserId,
  itemsTotal: d.itemsTotal,
  itemsTrading: d.itemsTrading,
  usersTrading: d.usersTrading,
  groupSizes: [...d.groupSizes],
  sumOfSquares: d.sumOfSquares,
  elapsedMs: d.elapsedMs,
  warnings: [...d.warnings],
  createdAt: d.createdAt,
});

const summaryDoc = ({ loops: _l, report: _r, id, ...rest }: MathTrade): MathTradeSummaryDoc => ({
  _id: id,
  ...rest,
});

/** The only code that touches math trades. */
export class MathTradesRepository implements MathTradeRepository {
  private readonly trades: Model<MathTradeDoc>;

  constructor(conn: Connection) {
    this.trades = mathTradeModel(conn);
  }

  async insert(t: MathTrade): Promise<void> {
    await this.trades.insertMany([
      { ...summaryDoc(t), loops: t.loops.map((steps) => ({ steps })), report: t.report },
    ]);
  }

  async findById(id: string): Promise<MathTrade | undefined> {
    const d = await this.trades.findById(id).lean<MathTradeDoc>().exec();
    if (!d) return undefined;
    return {
      ...toSummary(d),
      loops: d.loops.map((loop) =>
        loop.steps.map(({ user, item, receivesFrom, receivesItem }) => ({
          user,
          item,
          receivesFrom,
          receivesItem,
        })),
      ),
      report: d.report,
    };
  }

  /** Newest first, without the loops and reports (the list shows the figures only). */
  async summariesOf(organiserId: string): Promise<MathTradeSummary[]> {
    const docs = await this.trades
      .find({ organiserId }, { loops: 0, report: 0 })
      .sort({ createdAt: -1, _id: -1 })
      .lean<MathTradeSummaryDoc[]>()
      .exec();
    return docs.map(toSummary);
  }
}
