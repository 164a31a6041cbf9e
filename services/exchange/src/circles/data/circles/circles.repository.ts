import type { Connection, Model } from 'mongoose';
import { pushEvents, toOutbox, withOutbox, type DomainEvent } from '@swapbooth/event-bus';
import type { Circle, CircleMember } from '../../domain/circle';
import type { CircleRepository } from '../../domain/circle-ports';
import { circleModel, type CircleDoc } from './circle.model';

/** Read projection that leaves the pending events on the document, where only the relay needs them. */
const NO_OUTBOX = { _outbox: 0, _outboxPending: 0, _outboxLeaseUntil: 0 } as const;

function toCircle(d: CircleDoc): Circle {
  const c: Circle = {
    id: d._id,
    status: d.status,
    members: d.members.map((m: CircleMember) => ({
      userId: m.userId,
      gives: m.gives,
      receives: m.receives,
      answer: m.answer,
      ...(m.answeredAt ? { answeredAt: m.answeredAt } : {}),
    })),
    expiresAt: d.expiresAt,
    settled: d.settled === true,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
    version: d.version,
  };
  if (d.dissolvedReason) c.dissolvedReason = d.dissolvedReason;
  if (d.exchanges?.length) c.exchanges = d.exchanges.map((e) => ({ ...e }));
  return c;
}

const stateOf = (c: Circle): Record<string, unknown> => {
  const { id: _id, ...state } = c;
  return Object.fromEntries(Object.entries(state).filter(([, v]) => v !== undefined));
};

/** The only code that touches the circles collection. */
export class CirclesRepository implements CircleRepository {
  private readonly model: Model<CircleDoc>;

  constructor(
    conn: Connection,
    private readonly published: () => void,
  ) {
    this.model = circleModel(conn);
  }

  async insert(c: Circle, events: DomainEvent[]): Promise<void> {
    await this.model.create({
      _id: c.id,
      ...stateOf(c),
      ...withOutbox(toOutbox(events, 'exchange')),
    });
    if (events.length) this.published();
  }

  async replace(c: Circle, expectedVersion: number, events: DomainEvent[]): Promise<boolean> {
    const update = pushEvents({ $set: stateOf(c) }, toOutbox(events, 'exchange'));
    const res = await this.model.updateOne({ _id: c.id, version: expectedVersion }, update).exec();
    if (res.matchedCount === 0) return false;
    if (events.length) this.published();
    return true;
  }

  async findById(id: string): Promise<Circle | undefined> {
    const d = await this.model.findById(id, NO_OUTBOX).lean<CircleDoc>().exec();
    return d ? toCircle(d) : undefined;
  }

  async ofMember(userId: string): Promise<Circle[]> {
    const docs = await this.model
      .find({ 'members.userId': userId }, NO_OUTBOX)
      .sort({ createdAt: -1, _id: -1 })
      .lean<CircleDoc[]>()
      .exec();
    return docs.map(toCircle);
  }

  async dueIds(now: Date, settleBefore: Date, limit: number): Promise<string[]> {
    const ids = async (filter: Record<string, unknown>, sort: Record<string, 1>) =>
      (
        await this.model
          .find(filter, { _id: 1 })
          .sort(sort)
          .limit(limit)
          .lean<{ _id: string }[]>()
          .exec()
      ).map((d) => d._id);
    const [expired, unsettled] = await Promise.all([
      ids({ status: 'proposed', expiresAt: { $lte: now } }, { expiresAt: 1 }),
      ids(
        { status: 'accepted', settled: false, updatedAt: { $lte: settleBefore } },
        { updatedAt: 1 },
      ),
    ]);
    return [...expired, ...unsettled];
  }
}
