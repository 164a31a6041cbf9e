import type { Connection, Model } from 'mongoose';
import { isDuplicateKey } from '@swapbooth/event-bus';
import type { MathTrade, MathTradeRepository, MathTradeSummary } from '../../domain/math-trade';
import {
  mathTradeModel,
  organiserTradesModel,
  type MathTradeDoc,
  type MathTradeSummaryDoc,
  type OrganiserTradesDoc,
} from './math-trade.model';

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
  private readonly byOrganiser: Model<OrganiserTradesDoc>;

  constructor(conn: Connection) {
    this.trades = mathTradeModel(conn);
    this.byOrganiser = organiserTradesModel(conn);
  }

  /** The trade itself first, then its line in the organiser's list. */
  async insert(t: MathTrade): Promise<void> {
    await this.trades.insertMany([
      { ...summaryDoc(t), loops: t.loops.map((steps) => ({ steps })), report: t.report },
    ]);
    const push = () =>
      this.byOrganiser
        .updateOne({ _id: t.organiserId }, { $push: { trades: summaryDoc(t) } }, { upsert: true })
        .exec();
    try {
      await push();
    } catch (err) {
      // A concurrent first trade of this organiser created the list between our read and insert.
      if (!isDuplicateKey(err)) throw err;
      await push();
    }
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

  async summariesOf(organiserId: string): Promise<MathTradeSummary[]> {
    const d = await this.byOrganiser.findById(organiserId).lean<OrganiserTradesDoc>().exec();
    return (d?.trades ?? [])
      .map(toSummary)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }
}
