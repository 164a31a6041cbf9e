import { AppError } from '@swapbooth/service-kit';
import type { CircleDeps, WantList } from './circle-ports';
import type { Listing } from '../../proposals/domain/proposal-ports';

type WantListDeps = Pick<CircleDeps, 'wantLists' | 'listings' | 'now' | 'rematch'>;

/** The caller's own listing, or 404 (unknown or deleted) / 403 (someone else's). */
async function ownListing(deps: WantListDeps, productId: string, actorId: string) {
  const listing = (await deps.listings.listings([productId])).get(productId);
  if (!listing || listing.status === 'deleted') throw AppError.notFound('Listing not found');
  if (listing.ownerId !== actorId) {
    throw AppError.forbidden('Only the owner of a listing may set its want list');
  }
  return listing;
}

const named = (ids: readonly string[]) => [...new Set(ids)].join(', ');

/**
 * The rules of a want list, refused with 400 naming the offending ids: no listing twice, every
 * listing known, none of the caller's own, every one published.
 */
export function checkWants(
  actorId: string,
  wants: readonly string[],
  known: ReadonlyMap<string, Listing>,
): void {
  const seen = new Set<string>();
  const repeated = wants.filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
  if (repeated.length) {
    throw AppError.invalid(`wants: listed more than once: ${named(repeated)}`, 'wants');
  }
  const unknown = wants.filter((id) => !known.has(id) || known.get(id)!.status === 'deleted');
  if (unknown.length) throw AppError.invalid(`wants: unknown listings: ${named(unknown)}`, 'wants');
  const own = wants.filter((id) => known.get(id)!.ownerId === actorId);
  if (own.length) {
    throw AppError.invalid(`wants: your own listings cannot be wanted: ${named(own)}`, 'wants');
  }
  const unpublished = wants.filter(
    (id) => known.get(id)!.status !== 'published' || !known.get(id)!.sellerActive,
  );
  if (unpublished.length) {
    throw AppError.invalid(`wants: not published: ${named(unpublished)}`, 'wants');
  }
}

/** `PUT /api/circles/wants/{productId}`: the whole list, best first; an empty list clears it. */
export async function putWantList(
  deps: WantListDeps,
  productId: string,
  actorId: string,
  wants: readonly string[],
): Promise<WantList> {
  await ownListing(deps, productId, actorId);
  checkWants(actorId, wants, await deps.listings.listings(wants));
  const list: WantList = { productId, ownerId: actorId, wants: [...wants], updatedAt: deps.now() };
  if (wants.length) await deps.wantLists.put(list);
  else await deps.wantLists.remove(productId, actorId);
  deps.rematch();
  return list;
}

/** `DELETE /api/circles/wants/{productId}`. */
export async function deleteWantList(
  deps: WantListDeps,
  productId: string,
  actorId: string,
): Promise<void> {
  await ownListing(deps, productId, actorId);
  await deps.wantLists.remove(productId, actorId);
  deps.rematch();
}

/** `GET /api/circles/wants`: the caller's want lists, most recently changed first. */
export async function myWantLists(deps: WantListDeps, actorId: string): Promise<WantList[]> {
  const lists = await deps.wantLists.ofOwner(actorId);
  return lists
    .filter((l) => l.ownerId === actorId)
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
}
