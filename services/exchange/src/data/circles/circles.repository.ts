import type { Connection, Model } from 'mongoose';
import { pushEvents, toOutbox, withOutbox, type DomainEvent } from '@swapbooth/event-bus';
import type { Circle, CircleMember } from '../../domain/circle';
import type { CircleIndex, CircleRepository } from '../../domain/circle-ports';
import {
  circleMemberModel,
  circleModel,
  type CircleDoc,
  type CircleMemberDoc,
} from './circle.model';

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

/** The only code that touches the circles collection and the members' circle lists. */
export class CirclesRepository implements CircleRepository, CircleIndex {
  private readonly model: Model<CircleDoc>;
  private readonly members: Model<CircleMemberDoc>;

  constructor(
    conn: Connection,
    private readonly published: () => void,
  ) {
    this.model = circleModel(conn);
    this.members = circleMemberModel(conn);
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

  async add(circleId: string, userIds: readonly string[]): Promise<void> {
    for (const userId of userIds) {
      await this.members
        .updateOne({ _id: userId }, { $addToSet: { circleIds: circleId } }, { upsert: true })
        .exec();
    }
  }

  async idsOf(userId: string): Promise<string[]> {
    const d = await this.members.findById(userId).lean<CircleMemberDoc>().exec();
    return d?.circleIds ?? [];
  }
}
