import type { Connection, Model } from 'mongoose';
import type { SellerFacts, SellerStatus } from '../../domain/listing-projection';
import type { SellerStore } from '../../domain/ports';
import { guardedUpsert, insertMissing, notNewerThan, withoutNulls } from '../guarded';
import { sellerModel, type SellerRecord } from './seller.model';

function toFacts(record: SellerRecord): SellerFacts {
  const r = withoutNulls(record);
  return withoutNulls({
    ...(r.profile ? withoutNulls(r.profile) : {}),
    address: r.address,
    status: r.status,
    idVerified: r.idVerified,
    ratingAverage: r.ratingAverage,
    ratingCount: r.ratingCount,
  });
}

/**
 * The only code that touches the seller collection ({@link sellerModel}). Every write is one
 * version-guarded upsert by `_id` of the part its event sets, so parts arrive in any order.
 */
export class SellersRepository implements SellerStore {
  private readonly model: Model<SellerRecord>;

  constructor(conn: Connection) {
    this.model = sellerModel(conn);
  }

  async find(userId: string): Promise<SellerFacts | undefined> {
    const found = await this.model.findById(userId).lean<SellerRecord>().exec();
    return found ? toFacts(found) : undefined;
  }

  async all(): Promise<Map<string, SellerFacts>> {
    const out = new Map<string, SellerFacts>();
    for await (const r of this.model.collection.find<SellerRecord>({}, { batchSize: 1000 })) {
      out.set(r._id, toFacts(r));
    }
    return out;
  }

  applyProfile(
    userId: string,
    version: number,
    profile: Pick<SellerFacts, 'firstName' | 'lastName' | 'username' | 'profileImage'>,
  ): Promise<boolean> {
    // The event carries the whole profile: a field it leaves out has been cleared.
    return guardedUpsert(this.model, userId, notNewerThan('profileVersion', version), {
      $set: { profile: withoutNulls(profile), profileVersion: version },
    });
  }

  applyAddress(
    userId: string,
    version: number,
    address: NonNullable<SellerFacts['address']>,
  ): Promise<boolean> {
    return guardedUpsert(this.model, userId, notNewerThan('addressVersion', version), {
      $set: { address: withoutNulls(address), addressVersion: version },
    });
  }

  applyStatus(userId: string, at: Date, status: SellerStatus): Promise<boolean> {
    return guardedUpsert(this.model, userId, notNewerThan('statusAt', at), {
      $set: { status, statusAt: at },
    });
  }

  applyIdentity(userId: string, at: Date, verified: boolean): Promise<boolean> {
    return guardedUpsert(this.model, userId, notNewerThan('idVerifiedAt', at), {
      $set: { idVerified: verified, idVerifiedAt: at },
    });
  }

  applyRating(userId: string, count: number, average: number, version = count): Promise<boolean> {
    // A seller last rated before summary versions were published is ordered by its count (a
    // summary's version is never below its count).
    return guardedUpsert(
      this.model,
      userId,
      [
        { ratingVersion: { $lte: version } },
        { ratingVersion: { $exists: false }, ratingCount: { $lte: version } },
        { ratingVersion: { $exists: false }, ratingCount: { $exists: false } },
      ],
      { $set: { ratingAverage: average, ratingCount: count, ratingVersion: version } },
    );
  }

  async seed(sellers: ReadonlyMap<string, SellerFacts>): Promise<void> {
    // No version fields: the first real event of each kind replaces what is seeded.
    const records = [...sellers].map(([id, facts]) => {
      const { firstName, lastName, username, profileImage, ...rest } = facts;
      const profile = withoutNulls({ firstName, lastName, username, profileImage });
      return withoutNulls({ _id: id, profile, ...rest });
    });
    await insertMissing(this.model, records);
  }
}
