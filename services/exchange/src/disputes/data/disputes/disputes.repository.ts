import type { Connection, Model, QueryFilter } from 'mongoose';
import type { DisputeStatus } from '@swapbooth/contracts';
import {
  isDuplicateKey,
  pushEvents,
  toOutbox,
  withOutbox,
  type DomainEvent,
} from '@swapbooth/event-bus';
import type { Dispute } from '../../domain/dispute';
import type { DisputeRepository } from '../../domain/dispute-ports';
import { disputeModel, type DisputeDoc } from './dispute.model';

const NO_OUTBOX = { _outbox: 0, _outboxPending: 0, _outboxLeaseUntil: 0 } as const;

const OPTIONAL = [
  'remedy',
  'answerDueAt',
  'escalatedAt',
  'escalationCause',
  'resolution',
  'settleDueAt',
  'circleId',
  'circleMemberIds',
] as const;

function toDispute(doc: DisputeDoc): Dispute {
  const { _id, ongoingFor: _ongoing, ...rest } = doc as DisputeDoc & Record<string, unknown>;
  const d = { ...rest, id: _id } as Dispute & Record<string, unknown>;
  for (const k of ['_outbox', '_outboxPending', '_outboxLeaseUntil']) delete d[k];
  for (const k of OPTIONAL) if (d[k] === null || d[k] === undefined) delete d[k];
  d.statements = (doc.statements ?? []).map((s) => ({
    ...(s.by ? { by: s.by } : {}),
    kind: s.kind,
    text: s.text ?? '',
    at: s.at,
  }));
  if (d.resolution) {
    const r = { ...d.resolution } as Record<string, unknown>;
    for (const k of Object.keys(r)) if (r[k] === null || r[k] === undefined) delete r[k];
    d.resolution = r as unknown as Dispute['resolution'];
  }
  return d;
}

function updateOf(d: Dispute): { $set: Record<string, unknown>; $unset?: Record<string, 1> } {
  const { id: _id, ...rest } = d;
  const state: Record<string, unknown> = {
    ...rest,
    ongoingFor: d.status === 'closed' ? undefined : d.proposalId,
  };
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, 1> = {};
  for (const k of [...OPTIONAL, 'ongoingFor']) if (state[k] === undefined) $unset[k] = 1;
  for (const [k, v] of Object.entries(state)) if (v !== undefined) $set[k] = v;
  return Object.keys($unset).length ? { $set, $unset } : { $set };
}

/** The only code that touches the disputes collection. */
export class DisputesRepository implements DisputeRepository {
  private readonly model: Model<DisputeDoc>;

  constructor(
    conn: Connection,
    private readonly published: () => void,
  ) {
    this.model = disputeModel(conn);
  }

  async insert(d: Dispute, events: DomainEvent[]): Promise<boolean> {
    const { id, ...state } = d;
    try {
      await this.model.create({
        _id: id,
        ...state,
        ...(d.status === 'closed' ? {} : { ongoingFor: d.proposalId }),
        ...withOutbox(toOutbox(events, 'exchange')),
      });
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
    if (events.length) this.published();
    return true;
  }

  async replace(d: Dispute, expectedVersion: number, events: DomainEvent[]): Promise<boolean> {
    const update = pushEvents(updateOf(d), toOutbox(events, 'exchange'));
    const res = await this.model.updateOne({ _id: d.id, version: expectedVersion }, update).exec();
    if (res.matchedCount === 0) return false;
    if (events.length) this.published();
    return true;
  }

  async findById(id: string): Promise<Dispute | undefined> {
    const doc = await this.model.findById(id, NO_OUTBOX).lean<DisputeDoc>().exec();
    return doc ? toDispute(doc) : undefined;
  }

  async latestOf(proposalId: string): Promise<Dispute | undefined> {
    const doc = await this.model
      .findOne({ proposalId }, NO_OUTBOX)
      .sort({ createdAt: -1, _id: -1 })
      .lean<DisputeDoc>()
      .exec();
    return doc ? toDispute(doc) : undefined;
  }

  async latestOfEach(proposalIds: readonly string[]): Promise<Map<string, Dispute>> {
    const found = new Map<string, Dispute>();
    if (proposalIds.length === 0) return found;
    const docs = await this.model
      .find({ proposalId: { $in: [...new Set(proposalIds)] } }, NO_OUTBOX)
      .sort({ createdAt: 1, _id: 1 })
      .lean<DisputeDoc[]>()
      .exec();
    for (const doc of docs) found.set(doc.proposalId, toDispute(doc));
    return found;
  }

  async page(q: {
    status?: DisputeStatus;
    page: number;
    limit: number;
  }): Promise<{ items: Dispute[]; total: number }> {
    const filter: QueryFilter<DisputeDoc> = q.status ? { status: q.status } : {};
    const [docs, total] = await Promise.all([
      this.model
        .find(filter, NO_OUTBOX)
        .sort({ createdAt: -1, _id: -1 })
        .skip((q.page - 1) * q.limit)
        .limit(q.limit)
        .lean<DisputeDoc[]>()
        .exec(),
      this.model.countDocuments(filter).exec(),
    ]);
    return { items: docs.map(toDispute), total };
  }

  async settleDueIds(now: Date, limit: number): Promise<string[]> {
    const docs = await this.model
      .find({ settleDueAt: { $lte: now } }, { _id: 1 })
      .sort({ settleDueAt: 1 })
      .limit(limit)
      .lean<{ _id: string }[]>()
      .exec();
    return docs.map((d) => d._id);
  }

  async settled(id: string): Promise<void> {
    // No version bump: only the sweep reads the field, and settling twice changes nothing.
    await this.model.updateOne({ _id: id }, { $unset: { settleDueAt: 1 } }).exec();
  }

  async dueIds(now: Date, limit: number): Promise<string[]> {
    const docs = await this.model
      .find({ answerDueAt: { $lte: now } }, { _id: 1 })
      .sort({ answerDueAt: 1 })
      .limit(limit)
      .lean<{ _id: string }[]>()
      .exec();
    return docs.map((d) => d._id);
  }
}
