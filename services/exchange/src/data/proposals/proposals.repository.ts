import type { Connection, Model } from 'mongoose';
import { openProposalStatuses } from '@swapbooth/contracts';
import {
  isDuplicateKey,
  pushEvents,
  toOutbox,
  withOutbox,
  type DomainEvent,
} from '@swapbooth/event-bus';
import type { Proposal } from '../../domain/proposal';
import type { ProposalIndex, ProposalRepository } from '../../domain/proposal-ports';
import type { ProposalFacts, ProposalLookup } from '../../domain/ports';
import { proposalModel, type ProposalDoc } from './proposal.model';

/** Read projection that leaves the pending events on the document, where only the relay needs them. */
const NO_OUTBOX = { _outbox: 0, _outboxPending: 0, _outboxLeaseUntil: 0 } as const;

const orUndefined = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

function toProposal(doc: ProposalDoc): Proposal {
  const parcel = (p: Proposal['shipping']['sender']) => ({
    status: p.status,
    trackingNote: p.trackingNote ?? '',
    ...(p.updatedAt ? { updatedAt: p.updatedAt } : {}),
  });
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
    circleId: orUndefined(doc.circleId),
  };
  for (const [k, v] of Object.entries(optional)) if (v !== undefined) Object.assign(p, { [k]: v });
  return p;
}

/** The stored state: every field set, the optional ones absent unset. */
function updateOf(p: Proposal): { $set: Record<string, unknown>; $unset?: Record<string, 1> } {
  const { id: _id, ...state } = p;
  const $set: Record<string, unknown> = {};
  const $unset: Record<string, 1> = {};
  for (const k of ['unavailableProductIds', 'expiresAt', 'acceptedAt', 'completedAt'] as const) {
    if (state[k] === undefined) $unset[k] = 1;
  }
  for (const [k, v] of Object.entries(state)) if (v !== undefined) $set[k] = v;
  return Object.keys($unset).length ? { $set, $unset } : { $set };
}

/** The only code that touches the proposals collection. */
export class ProposalsRepository implements ProposalRepository, ProposalLookup {
  private readonly model: Model<ProposalDoc>;

  /**
   * `index` records each stored status in the parties' lookup documents, right after the write
   * (a stop in between leaves a stale hint, which the reads correct).
   */
  constructor(
    conn: Connection,
    private readonly published: () => void,
    private readonly index: Pick<ProposalIndex, 'noteStatus'>,
  ) {
    this.model = proposalModel(conn);
  }

  async insert(p: Proposal, events: DomainEvent[]): Promise<boolean> {
    const { id, ...state } = p;
    try {
      await this.model.create({ _id: id, ...state, ...withOutbox(toOutbox(events, 'exchange')) });
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
    if (events.length) this.published();
    await this.index.noteStatus(p);
    return true;
  }

  async replace(p: Proposal, expectedVersion: number, events: DomainEvent[]): Promise<boolean> {
    const update = pushEvents(updateOf(p), toOutbox(events, 'exchange'));
    const res = await this.model.updateOne({ _id: p.id, version: expectedVersion }, update).exec();
    if (res.matchedCount === 0) return false;
    if (events.length) this.published();
    await this.index.noteStatus(p);
    return true;
  }

  async findById(id: string): Promise<Proposal | undefined> {
    const doc = await this.model.findById(id, NO_OUTBOX).lean<ProposalDoc>().exec();
    return doc ? toProposal(doc) : undefined;
  }

  /** One read by _id each: on FerretDB any other filter ($in included) reads the whole collection. */
  async findByIds(ids: readonly string[]): Promise<Proposal[]> {
    const found = await Promise.all([...new Set(ids)].map((id) => this.findById(id)));
    return found.filter((p): p is Proposal => p !== undefined);
  }

  countOpenFromTo(senderId: string, receiverId: string): Promise<number> {
    return this.model
      .countDocuments({ senderId, receiverId, status: { $in: [...openProposalStatuses] } })
      .exec();
  }

  async factsOf(proposalId: string): Promise<ProposalFacts | undefined> {
    const p = await this.findById(proposalId);
    return (
      p && { proposalId: p.id, status: p.status, senderId: p.senderId, receiverId: p.receiverId }
    );
  }
}
