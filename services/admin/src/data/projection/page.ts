import type { Model } from 'mongoose';
import type { Page } from '../../domain/projection';

/** A user's search text as a literal pattern. */
export const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One page of a projection's rows: `sort` walks one of the indexes its model declares. */
export async function pageOf<D, R>(
  model: Model<D>,
  filter: Record<string, unknown>,
  sort: Record<string, 1 | -1>,
  q: { page: number; limit: number },
  map: (d: D) => R,
): Promise<Page<R>> {
  const m = model as unknown as Model<unknown>;
  const [docs, total] = await Promise.all([
    m
      .find(filter)
      .sort(sort)
      .skip((q.page - 1) * q.limit)
      .limit(q.limit)
      .lean()
      .exec(),
    m.countDocuments(filter).exec(),
  ]);
  return { items: (docs as unknown as D[]).map(map), total, page: q.page, limit: q.limit };
}
