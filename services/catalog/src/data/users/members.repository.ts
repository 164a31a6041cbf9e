import { findAll, KeptReads } from '@swapbooth/service-kit';
import type { Connection, Model } from 'mongoose';
import type { MemberDirectory, MemberFacts } from '../../domain/ports';
import { isDuplicateKey } from '@swapbooth/event-bus';
import { withoutNulls } from '../documents';
import { memberModel, type MemberDoc } from './member.model';

function toFacts(doc: MemberDoc): MemberFacts {
  const {
    _id,
    profileVersion: _p,
    addressVersion: _a,
    ratingVersion: _r,
    defaultAddress,
    ...rest
  } = withoutNulls(doc);
  return {
    ...rest,
    userId: _id,
    ...(defaultAddress?.addressId ? { defaultAddress: withoutNulls(defaultAddress) } : {}),
  };
}

/**
 * The only code that touches the members projection. Every listing card shows its seller: the
 * facts a page asks for are kept for a few seconds (a change applied here drops them at once).
 */
export class MembersRepository implements MemberDirectory {
  private readonly model: Model<MemberDoc>;
  private readonly cards = new KeptReads<MemberFacts>();

  constructor(conn: Connection) {
    this.model = memberModel(conn);
  }

  async find(userId: string): Promise<MemberFacts | undefined> {
    const doc = await this.model.findById(userId).lean<MemberDoc>().exec();
    return doc ? toFacts(doc) : undefined;
  }

  findMany(userIds: string[]): Promise<Map<string, MemberFacts>> {
    if (userIds.length === 0) return Promise.resolve(new Map());
    return this.cards.many(userIds, async (ids) => {
      // Through the driver: a listing page asks this for its sellers on every browse.
      const docs = await findAll(
        this.model.db
          .collection<MemberDoc>(this.model.collection.collectionName)
          .find({ _id: { $in: ids } }),
      );
      return new Map(docs.map((d) => [d._id, toFacts(d)]));
    });
  }

  /**
   * Applies a change only if it is newer than what is stored (`field` holds the last applied
   * number). An older or repeated event matches nothing, and its upsert collides on _id: ignored.
   */
  private async guarded(
    userId: string,
    field: 'profileVersion' | 'addressVersion',
    value: number,
    set: Record<string, unknown>,
  ): Promise<void> {
    await this.cards.changing([userId], async () => {
      try {
        await this.model
          .updateOne(
            {
              _id: userId,
              $or: [{ [field]: { $lt: value } }, { [field]: { $exists: false } }],
            },
            { $set: { ...set, [field]: value } },
            { upsert: true },
          )
          .exec();
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    });
  }

  applyProfile(userId: string, version: number, profile: Partial<MemberFacts>): Promise<void> {
    const set = Object.fromEntries(Object.entries(profile).filter(([, v]) => v !== undefined));
    return this.guarded(userId, 'profileVersion', version, set);
  }

  applyDefaultAddress(
    userId: string,
    version: number,
    address: NonNullable<MemberFacts['defaultAddress']>,
  ): Promise<void> {
    return this.guarded(userId, 'addressVersion', version, { defaultAddress: address });
  }

  /**
   * The member's rating average and count at their rating summary's `version` (the count when the
   * event carries none: a summary's version is never below its count); an older or repeated one
   * changes nothing.
   */
  async applyRating(userId: string, average: number, count: number, version = count) {
    await this.cards.changing([userId], async () => {
      try {
        await this.model
          .updateOne(
            {
              _id: userId,
              $or: [
                { ratingVersion: { $lte: version } },
                { ratingVersion: { $exists: false }, ratingCount: { $lte: version } },
                { ratingVersion: { $exists: false }, ratingCount: { $exists: false } },
              ],
            },
            { $set: { ratingAverage: average, ratingCount: count, ratingVersion: version } },
            { upsert: true },
          )
          .exec();
      } catch (err) {
        if (!isDuplicateKey(err)) throw err;
      }
    });
  }

  async setStatus(userId: string, status: NonNullable<MemberFacts['status']>): Promise<void> {
    await this.cards.changing([userId], () =>
      this.model.updateOne({ _id: userId }, { $set: { status } }, { upsert: true }).exec(),
    );
  }

  async setIdVerified(userId: string, verified: boolean): Promise<void> {
    await this.cards.changing([userId], () =>
      this.model
        .updateOne({ _id: userId }, { $set: { idVerified: verified } }, { upsert: true })
        .exec(),
    );
  }
}
