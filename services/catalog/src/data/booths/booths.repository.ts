import { findAll, KeptReads } from '@swapbooth/service-kit';
import type { Connection, Model } from 'mongoose';
import { pushEvents, withOutbox } from '@swapbooth/event-bus';
import type { Booth } from '../../domain/booth';
import type { BoothConflict, BoothRepository } from '../../domain/booth-repository';
import type { DomainEvent } from '@swapbooth/event-bus';
import { duplicateField, isDuplicateKey, toOutbox } from '@swapbooth/event-bus';
import { NO_OUTBOX, withoutNulls } from '../documents';
import { boothModel, type BoothDoc } from './booth.model';

const lower = (s: string) => s.trim().toLowerCase();

function toBooth(doc: BoothDoc): Booth {
  const { _id, usernameLower: _u, nameLower: _n, ...rest } = withoutNulls(doc);
  return { ...rest, id: _id, interests: rest.interests ?? [], views: rest.views ?? 0 };
}

/**
 * The only code that touches the booths collection. Every listing card shows its seller's booth:
 * the booths a page asks for are kept for a few seconds (a change written here drops them at once).
 */
export class BoothsRepository implements BoothRepository {
  private readonly model: Model<BoothDoc>;
  private readonly cards = new KeptReads<Booth>();

  constructor(
    conn: Connection,
    private readonly published: () => void,
  ) {
    this.model = boothModel(conn);
  }

  insert(booth: Booth, events: DomainEvent[]): Promise<'inserted' | BoothConflict> {
    return this.cards.changing([booth.userId], () => this.create(booth, events));
  }

  private async create(booth: Booth, events: DomainEvent[]): Promise<'inserted' | BoothConflict> {
    const { id, ...state } = booth;
    try {
      await this.model.create({
        _id: id,
        ...state,
        usernameLower: lower(booth.username),
        nameLower: lower(booth.name),
        ...withOutbox(toOutbox(events, 'catalog')),
      });
    } catch (err) {
      if (!isDuplicateKey(err)) throw err;
      return this.whichConflict(err, booth);
    }
    this.published();
    return 'inserted';
  }

  private async whichConflict(err: unknown, booth: Booth): Promise<BoothConflict> {
    const field = duplicateField(err, ['userId', 'usernameLower', 'nameLower'] as const);
    if (field === 'userId') return 'user-taken';
    if (field === 'usernameLower') return 'username-taken';
    if (field === 'nameLower') return 'name-taken';
    // The server did not say which index: ask.
    if (await this.findByUserId(booth.userId)) return 'user-taken';
    if (await this.usernameTaken(booth.username)) return 'username-taken';
    return 'name-taken';
  }

  replace(
    booth: Booth,
    expectedVersion: number,
    events: DomainEvent[],
  ): Promise<'replaced' | 'stale' | 'name-taken'> {
    return this.cards.changing([booth.userId], () => this.update(booth, expectedVersion, events));
  }

  private async update(
    booth: Booth,
    expectedVersion: number,
    events: DomainEvent[],
  ): Promise<'replaced' | 'stale' | 'name-taken'> {
    const { id, ...state } = booth;
    const update = pushEvents(
      { $set: { ...state, nameLower: lower(booth.name), usernameLower: lower(booth.username) } },
      toOutbox(events, 'catalog'),
    );
    try {
      const res = await this.model.updateOne({ _id: id, version: expectedVersion }, update).exec();
      if (res.matchedCount === 0) return 'stale';
    } catch (err) {
      if (isDuplicateKey(err)) return 'name-taken';
      throw err;
    }
    if (events.length) this.published();
    return 'replaced';
  }

  private async one(filter: Record<string, unknown>): Promise<Booth | undefined> {
    const doc = await this.model.findOne(filter, NO_OUTBOX).lean<BoothDoc>().exec();
    return doc ? toBooth(doc) : undefined;
  }

  findById = (id: string) => this.one({ _id: id });
  findByUserId = (userId: string) => this.one({ userId });
  findByUsername = (username: string) => this.one({ usernameLower: lower(username) });
  findByIdOrUser = (id: string) => this.one({ $or: [{ _id: id }, { userId: id }] });

  /** Kept for a few seconds: every listing card shows its seller's booth. */
  findByUserIds(userIds: string[]): Promise<Map<string, Booth>> {
    if (userIds.length === 0) return Promise.resolve(new Map());
    return this.cards.many(userIds, async (ids) => {
      // Through the driver: a listing page asks this for its sellers' booths on every browse.
      const docs = await findAll(
        this.model.db
          .collection<BoothDoc>(this.model.collection.collectionName)
          .find({ userId: { $in: ids } }, { projection: NO_OUTBOX }),
      );
      return new Map(docs.map((d) => [d.userId, toBooth(d)]));
    });
  }

  async usernameTaken(username: string): Promise<boolean> {
    return (await this.model.exists({ usernameLower: lower(username) }).exec()) !== null;
  }

  async nameTaken(name: string): Promise<boolean> {
    return (await this.model.exists({ nameLower: lower(name) }).exec()) !== null;
  }

  async incrementViews(id: string): Promise<number> {
    const doc = await this.model
      .findOneAndUpdate({ _id: id }, { $inc: { views: 1 } }, { returnDocument: 'after' })
      .lean<{ views?: number }>()
      .exec();
    return doc?.views ?? 0;
  }
}
