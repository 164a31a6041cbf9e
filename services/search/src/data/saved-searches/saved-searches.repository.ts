import type { Connection, Model } from 'mongoose';
import { pushEvents, toOutbox, withOutbox, type DomainEvent } from '@swapbooth/event-bus';
import type { SavedSearchStore } from '../../domain/ports';
import type { SavedSearch } from '../../domain/saved-search';
import { isDuplicateKey, withoutNulls } from '../guarded';
import {
  savedSearchModel,
  savedSearchOwnerModel,
  type SavedSearchDoc,
  type SavedSearchOwnerDoc,
} from './saved-search.model';

/** Read projection that leaves the pending events on the document, where only the relay needs them. */
const NO_OUTBOX = { _outbox: 0, _outboxPending: 0, _outboxLeaseUntil: 0 } as const;

const toSearch = ({ _id, ...rest }: SavedSearchDoc): SavedSearch =>
  withoutNulls({ id: _id, ...rest }) as SavedSearch;

/** The only code that touches the saved searches and their owners' counts. */
export class SavedSearchesRepository implements SavedSearchStore {
  private readonly model: Model<SavedSearchDoc>;
  private readonly owners: Model<SavedSearchOwnerDoc>;

  constructor(
    conn: Connection,
    private readonly eventsWritten: () => void,
  ) {
    this.model = savedSearchModel(conn);
    this.owners = savedSearchOwnerModel(conn);
  }

  async reserve(memberId: string, max: number): Promise<boolean> {
    try {
      // A member at the limit is not matched, so the upsert collides with their document.
      await this.owners
        .updateOne(
          { _id: memberId, active: { $lt: max } },
          { $inc: { active: 1 } },
          { upsert: true },
        )
        .exec();
      return true;
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
  }

  async release(memberId: string): Promise<void> {
    await this.owners.updateOne({ _id: memberId, active: { $gt: 0 } }, { $inc: { active: -1 } });
  }

  async insert(search: SavedSearch, events: DomainEvent[]): Promise<void> {
    const { id, ...state } = search;
    await this.model.create({ _id: id, ...state, ...withOutbox(toOutbox(events, 'search')) });
    this.eventsWritten();
  }

  async find(id: string): Promise<SavedSearch | undefined> {
    const doc = await this.model
      .findOne({ _id: id, deletedAt: null }, NO_OUTBOX)
      .lean<SavedSearchDoc>()
      .exec();
    return doc ? toSearch(doc) : undefined;
  }

  async replace(
    search: SavedSearch,
    expectedVersion: number,
    events: DomainEvent[],
  ): Promise<boolean> {
    const { id, ...state } = search;
    const res = await this.model
      .updateOne(
        { _id: id, version: expectedVersion },
        pushEvents({ $set: state }, toOutbox(events, 'search')),
      )
      .exec();
    if (res.matchedCount === 0) return false;
    if (events.length > 0) this.eventsWritten();
    return true;
  }

  async listMine(memberId: string): Promise<SavedSearch[]> {
    const docs = await this.model
      .find({ memberId, deletedAt: null }, NO_OUTBOX)
      .sort({ createdAt: 1 })
      .lean<SavedSearchDoc[]>()
      .exec();
    return docs.map(toSearch);
  }

  async many(ids: readonly string[]): Promise<SavedSearch[]> {
    if (ids.length === 0) return [];
    const docs = await this.model
      .find({ _id: { $in: [...new Set(ids)] }, deletedAt: null }, NO_OUTBOX)
      .lean<SavedSearchDoc[]>()
      .exec();
    return docs.map(toSearch);
  }

  async *all(batchSize: number): AsyncIterable<SavedSearch[]> {
    let after = '';
    for (;;) {
      const docs = await this.model
        .find({ _id: { $gt: after }, deletedAt: null }, NO_OUTBOX)
        .sort({ _id: 1 })
        .limit(batchSize)
        .lean<SavedSearchDoc[]>()
        .exec();
      if (docs.length === 0) return;
      yield docs.map(toSearch);
      after = docs[docs.length - 1]!._id;
    }
  }

  async markOpened(id: string, at: Date): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: { lastOpenedAt: at } }).exec();
  }

  async changedSince(since: Date, limit: number): Promise<SavedSearch[]> {
    const docs = await this.model
      .find({ updatedAt: { $gte: since } }, NO_OUTBOX)
      .sort({ updatedAt: 1 })
      .limit(limit)
      .lean<SavedSearchDoc[]>()
      .exec();
    return docs.map(toSearch);
  }
}
