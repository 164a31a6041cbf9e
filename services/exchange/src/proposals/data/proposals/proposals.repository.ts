import { findAll } from '@swapbooth/service-kit';
import { createHash } from 'node:crypto';
import { mongo, type Connection, type QueryFilter, type Model } from 'mongoose';
import { openProposalStatuses } from '@swapbooth/contracts';
import {
  isDuplicateKey,
  pushEvents,
  recordPendingEvents,
  recordPendingEventsOf,
  toOutbox,
  withOutbox,
  type DomainEvent,
  type OutboxEntry,
} from '@swapbooth/event-bus';
import { allListingsOf, heldTermsKey, nextDueAt, type Proposal } from '../../domain/proposal';
import type {
  MemberCounts,
  MemberProposalsQuery,
  ProposalRepository,
  ProposalWrite,
} from '../../domain/proposal-ports';
import type { ProposalFacts, ProposalLookup } from '../../../shared/domain/ports';
import { proposalModel, type ProposalDoc } from './proposal.model';

/** Read projection that leaves the pending events on the document, where only the relay needs them. */
const NO_OUTBOX = { _outbox: 0, _outboxPending: 0, _outboxLeaseUntil: 0 } as const;

const orUndefined = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

function toProposal(doc: ProposalDoc): Proposal {
  const parcel = (p: Proposal['shipping']['sender']): Proposal['shipping']['sender'] => {
    const out: Proposal['shipping']['sender'] = {
      status: p.status,
      trackingNote: p.trackingNote ?? '',
    };
    for (const k of ['updatedAt', 'shipBy', 'remindAt', 'deliverBy', 'confirmedAt'] as const) {
      const v = orUndefined(p[k]);
      if (v !== undefined) out[k] = v;
    }
    if (p.lateNoticed) out.lateNoticed = true;
    if (p.extended) out.extended = true;
    return out;
  };
  const p: Proposal = {
    id: doc._id,
    senderId: doc.senderId,
    receiverId: doc.receiverId,
    status: doc.status,
    rounds: doc.rounds.map((r) => ({
      round: r.round,
      by: r.by,
      requestedProductIds: [...r.requestedProductIds],
      offeredProductIds: [...r.offeredProductIds],
      message: r.message ?? '',
      depositAmount: r.depositAmount ?? 0,
      senderShippingContribution: r.senderShippingContribution ?? 0,
      receiverShippingContribution: r.receiverShippingContribution ?? 0,
      createdAt: r.createdAt,
    })),
    shipping: { sender: parcel(doc.shipping.sender), receiver: parcel(doc.shipping.receiver) },
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    version: doc.version,
  };
  const optional = {
    unavailableProductIds: orUndefined(doc.unavailableProductIds),
    expiresAt: orUndefined(doc.expiresAt),
    acceptedAt: orUndefined(doc.acceptedAt),
    completedAt: orUndefined(doc.completedAt),
    reportBy: orUndefined(doc.reportBy),
    circleId: orUndefined(doc.circleId),
  };
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) Object.assign(p, { [k]: v });
  return p;
}

/** The terms key as stored: hashed, since terms can be long. */
const openTermsOf = (p: Proposal): string | undefined => {
  const key = heldTermsKey(p);
  return key === undefined ? undefined : createHash('sha256').update(key).digest('hex');
};

/** The query fields stored beside the state (see ProposalDoc). */
const queryFieldsOf = (p: Proposal) => ({
  listingIds: allListingsOf(p),
  openTerms: openTermsOf(p),
  dueAt: nextDueAt(p),
});

/** The stored state: every field set, the optional ones absent unset. */
function updateOf(p: Proposal): { $set: Record<string, unknown>; $unset?: Record<string, 1> } {
  const { id: _id, ...rest } = p;
  const state = { ...rest, ...queryFieldsOf(p) };
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, 1> = {};
  for (const k of [
    'unavailableProductIds',
    'expiresAt',
    'acceptedAt',
    'completedAt',
    'reportBy',
    'openTerms',
    'dueAt',
  ] as const) {
    if (state[k] === undefined) $unset[k] = 1;
  }
  for (const [k, v] of Object.entries(state)) if (v !== undefined) $set[k] = v;
  return Object.keys($unset).length ? { $set, $unset } : { $set };
}

/** A new proposal as stored, with its query fields (and no events). */
export function storedDocOf(p: Proposal): ProposalDoc {
  const { id, ...state } = p;
  const fields = queryFieldsOf(p);
  return {
    _id: id,
    ...state,
    listingIds: fields.listingIds,
    ...(fields.openTerms ? { openTerms: fields.openTerms } : {}),
    ...(fields.dueAt ? { dueAt: fields.dueAt } : {}),
  };
}

interface GuardedWrite {
  filter: { _id: string; version: number };
  update: ReturnType<typeof updateOf>;
  entries: OutboxEntry[];
}

/** A write as stored: the new state and its events, if the stored version is still the one read. */
function guardedWriteOf({ next, expectedVersion, events, read }: ProposalWrite): GuardedWrite {
  const state = updateOf(next);
  // The rounds as read (the same array: no counter was added) are stored already; the version
  // guard makes sure of it.
  if (read && read.rounds === next.rounds) delete state.$set.rounds;
  const entries = toOutbox(events, 'exchange');
  return {
    filter: { _id: next.id, version: expectedVersion },
    update: pushEvents(state, entries),
    entries,
  };
}

const OPEN = { $in: [...openProposalStatuses] };

const newestFirst = { createdAt: -1, _id: -1 } as const;

/** The only code that touches the proposals collection. */
export class ProposalsRepository implements ProposalRepository, ProposalLookup {
  private readonly model: Model<ProposalDoc>;

  constructor(
    conn: Connection,
    private readonly published: () => void,
  ) {
    this.model = proposalModel(conn);
  }

  async insert(p: Proposal, events: DomainEvent[]): Promise<boolean> {
    const entries = toOutbox(events, 'exchange');
    try {
      // Through the driver, as `replace`: the document is in its stored types already.
      await this.raw().insertOne(
        { ...storedDocOf(p), ...withOutbox(entries) },
        { ignoreUndefined: true },
      );
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
    if (entries.length) {
      await recordPendingEvents(this.model, p.id, entries);
      this.published();
    }
    return true;
  }

  async replace(
    p: Proposal,
    expectedVersion: number,
    events: DomainEvent[],
    read?: Proposal,
  ): Promise<boolean> {
    const { filter, update, entries } = guardedWriteOf({ next: p, expectedVersion, events, read });
    // Through the driver: the state is in its stored types already, and casting it was most of a
    // write's cost (bench:sweep). The outbox's pending record is written as the plugin would.
    const res = await this.raw().updateOne(filter, update, { ignoreUndefined: true });
    if (res.matchedCount === 0) return false;
    if (entries.length) {
      await recordPendingEvents(this.model, p.id, entries);
      this.published();
    }
    return true;
  }

  async replaceAll(writes: readonly ProposalWrite[]): Promise<boolean[]> {
    if (writes.length === 0) return [];
    const guarded = writes.map(guardedWriteOf);
    // One bulk write: each update is on its own document, guarded by its own version, so each is
    // stored (with its events) or not on its own; unordered, so one that fails stops no other.
    let matched: number;
    try {
      const res = await this.raw().bulkWrite(
        guarded.map(({ filter, update }) => ({ updateOne: { filter, update } })),
        { ordered: false, ignoreUndefined: true },
      );
      matched = res.matchedCount;
    } catch (err) {
      if (!(err instanceof mongo.MongoBulkWriteError)) throw err;
      matched = -1;
    }
    // A bulk write counts what matched, not which: when not all did, the events each write added
    // tell (a write without events, or whose events the relay took already, answers false).
    const stored =
      matched === writes.length ? writes.map(() => true) : await this.carryEvents(guarded);
    const done = guarded.flatMap((g, i) =>
      stored[i] ? [{ id: g.filter._id, entries: g.entries }] : [],
    );
    if (done.some((d) => d.entries.length)) {
      await recordPendingEventsOf(this.model, done);
      this.published();
    }
    return stored;
  }

  /** Whether each document carries the first event its write added. */
  private async carryEvents(guarded: readonly GuardedWrite[]): Promise<boolean[]> {
    const docs = await findAll(
      this.raw().find(
        { _id: { $in: guarded.map((g) => g.filter._id) } },
        { projection: { '_outbox.id': 1 } },
      ),
    );
    const pending = new Map(
      docs.map((d) => [
        d._id,
        new Set(((d as { _outbox?: { id: string }[] })._outbox ?? []).map((e) => e.id)),
      ]),
    );
    return guarded.map((g) => {
      const first = g.entries[0]?.id;
      return first !== undefined && (pending.get(g.filter._id)?.has(first) ?? false);
    });
  }

  /** The collection through the driver, without mongoose's casting. */
  private raw() {
    return this.model.db.collection<{ _id: string }>(this.model.collection.collectionName);
  }

  async findById(id: string): Promise<Proposal | undefined> {
    const doc = await this.raw().findOne({ _id: id }, { projection: NO_OUTBOX });
    return doc ? toProposal(doc as ProposalDoc) : undefined;
  }

  async findByIds(ids: readonly string[]): Promise<Proposal[]> {
    if (ids.length === 0) return [];
    return this.findProposals({ _id: { $in: [...new Set(ids)] } });
  }

  private async findProposals(
    filter: QueryFilter<ProposalDoc>,
    page?: { skip: number; limit: number },
  ): Promise<Proposal[]> {
    let query = this.model.find(filter, NO_OUTBOX).sort(newestFirst);
    if (page) query = query.skip(page.skip).limit(page.limit);
    const docs = await query.lean<ProposalDoc[]>().exec();
    return docs.map(toProposal);
  }

  async ofMember(
    userId: string,
    q: MemberProposalsQuery,
  ): Promise<{ items: Proposal[]; total: number }> {
    const filter: QueryFilter<ProposalDoc> =
      q.role === 'sent'
        ? { senderId: userId }
        : q.role === 'received'
          ? { receiverId: userId }
          : { $or: [{ senderId: userId }, { receiverId: userId }] };
    if (q.statuses?.length) filter.status = { $in: [...q.statuses] };
    const [items, total] = await Promise.all([
      this.findProposals(filter, { skip: (q.page - 1) * q.limit, limit: q.limit }),
      this.model.countDocuments(filter).exec(),
    ]);
    return { items, total };
  }

  async countsOf(userId: string): Promise<MemberCounts> {
    const either = { $or: [{ senderId: userId }, { receiverId: userId }] };
    const [sent, received, acceptedEver, completed] = await Promise.all([
      this.model.countDocuments({ senderId: userId }).exec(),
      this.model.countDocuments({ receiverId: userId }).exec(),
      this.model.countDocuments({ ...either, acceptedAt: { $exists: true } }).exec(),
      this.model.countDocuments({ ...either, status: 'completed' }).exec(),
    ]);
    return { sent, received, acceptedEver, completed };
  }

  naming(listingId: string): Promise<Proposal[]> {
    return this.findProposals({ listingIds: listingId });
  }

  openNaming(listingIds: readonly string[]): Promise<Proposal[]> {
    if (listingIds.length === 0) return Promise.resolve([]);
    return this.findProposals({ listingIds: { $in: [...listingIds] }, status: OPEN });
  }

  async dueIds(now: Date, limit: number): Promise<string[]> {
    const docs = await this.model
      .find({ expiresAt: { $lte: now } }, { _id: 1 })
      .sort({ expiresAt: 1 })
      .limit(limit)
      .lean<{ _id: string }[]>()
      .exec();
    return docs.map((d) => d._id);
  }

  openBetween(a: string, b: string): Promise<Proposal[]> {
    return this.findProposals({
      $or: [
        { senderId: a, receiverId: b },
        { senderId: b, receiverId: a },
      ],
      status: OPEN,
    });
  }

  async dueForClocks(now: Date, limit: number): Promise<Proposal[]> {
    // The index's own order (by due time) without a sort stage, so a server stops at the limit
    // instead of reading and sorting everything due first.
    const docs = await this.model
      .find({ dueAt: { $lte: now } }, NO_OUTBOX)
      .hint({ dueAt: 1 })
      .limit(limit)
      .lean<ProposalDoc[]>()
      .exec();
    return docs.map(toProposal);
  }

  async countOpenFromTo(senderId: string, receiverId: string, upTo: number): Promise<number> {
    // A find that stops at the cap (ids only) rather than a count of them all.
    const open = await findAll(
      this.raw().find(
        { senderId, receiverId, status: { $in: [...openProposalStatuses] } },
        { projection: { _id: 1 }, limit: upTo },
      ),
    );
    return open.length;
  }

  /**
   * Adds the query fields to proposals stored before they existed (a database from an earlier
   * release); each write is guarded by the version read, so a concurrent change wins. Returns how
   * many were brought up to date.
   */
  async addQueryFields(): Promise<number> {
    const docs = await this.model
      .find({ listingIds: { $exists: false } }, NO_OUTBOX)
      .sort({ createdAt: 1 })
      .lean<ProposalDoc[]>()
      .exec();
    let updated = 0;
    for (const doc of docs) {
      const p = toProposal(doc);
      const { listingIds, openTerms } = queryFieldsOf(p);
      const set = openTerms ? { listingIds, openTerms } : { listingIds };
      try {
        const res = await this.model
          .updateOne({ _id: p.id, version: p.version }, { $set: set })
          .exec();
        updated += res.matchedCount;
      } catch (err) {
        // Two open proposals from before with the same terms: the older keeps the key.
        if (!isDuplicateKey(err)) throw err;
        await this.model
          .updateOne({ _id: p.id, version: p.version }, { $set: { listingIds } })
          .exec();
        updated++;
      }
    }
    return updated;
  }

  async factsOf(proposalId: string): Promise<ProposalFacts | undefined> {
    const p = await this.findById(proposalId);
    return (
      p && {
        proposalId: p.id,
        status: p.status,
        senderId: p.senderId,
        receiverId: p.receiverId,
        ...(p.completedAt ? { completedAt: p.completedAt } : {}),
      }
    );
  }
}
