import type { Connection, Model } from 'mongoose';
import { toOutbox, withOutbox, type DomainEvent } from '@swapbooth/event-bus';
import type { SearchMatchStore } from '../../domain/ports';
import type { SearchMatchRecord } from '../../domain/saved-search-alerts';
import { isDuplicateKey } from '../guarded';
import { searchMatchModel, type SearchMatchDoc } from './search-match.model';

/** The only code that touches the records of which member was told of which listing. */
export class SearchMatchesRepository implements SearchMatchStore {
  private readonly model: Model<SearchMatchDoc>;

  constructor(
    conn: Connection,
    private readonly eventsWritten: () => void,
  ) {
    this.model = searchMatchModel(conn);
  }

  async recordOnce(record: SearchMatchRecord, events: DomainEvent[]): Promise<boolean> {
    const { id, ...state } = record;
    try {
      await this.model.create({ _id: id, ...state, ...withOutbox(toOutbox(events, 'search')) });
    } catch (err) {
      if (isDuplicateKey(err)) return false;
      throw err;
    }
    if (events.length > 0) this.eventsWritten();
    return true;
  }

  async recordSilently(records: readonly SearchMatchRecord[]): Promise<void> {
    if (records.length === 0) return;
    try {
      // No events, so no outbox: one unordered write, where a record stored before stays as it is.
      await this.model.collection.insertMany(
        // Ids are strings here, not the driver's default ObjectIds.
        records.map(({ id, ...state }) => ({ _id: id, ...state })) as never[],
        { ordered: false },
      );
    } catch (err) {
      const errors = (err as { writeErrors?: Array<{ code?: number }> }).writeErrors;
      const onlyDuplicates =
        isDuplicateKey(err) &&
        (errors ?? []).every((e) => e.code === undefined || e.code === 11000);
      if (!onlyDuplicates) throw err;
    }
  }

  instantSince(memberId: string, since: Date): Promise<number> {
    return this.model.countDocuments({ memberId, delivery: 'instant', at: { $gt: since } }).exec();
  }

  countSince(searchId: string, since: Date): Promise<number> {
    return this.model.countDocuments({ searchIds: searchId, at: { $gt: since } }).exec();
  }
}
