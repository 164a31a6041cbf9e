import { AppError } from '@swapbooth/service-kit';
import { MAX_LISTINGS_PER_SIDE, type Terms } from './proposal';
import type { ProposalDeps } from './proposal-deps';
import type { Listing } from './proposal-ports';

/** Statuses of a listing that can still be exchanged. */
const tradable = (l: Listing) => l.status === 'published' && l.sellerActive;

const noLongerAvailable = (l: Listing) =>
  AppError.conflict(`Listing ${l.title} is no longer available`);

/**
 * The listings among `listingIds` reserved by an exchange that still counts (accepted or
 * completed) other than `proposalId`: one read of the reservations, one of their holders.
 */
async function reservedElsewhere(
  deps: Pick<ProposalDeps, 'reservations' | 'proposals'>,
  listingIds: readonly string[],
  proposalId: string | undefined,
): Promise<Set<string>> {
  const held = [...(await deps.reservations.findMany(listingIds)).values()].filter(
    (r) => r.proposalId !== proposalId,
  );
  if (held.length === 0) return new Set();
  const holders = await deps.proposals.findByIds(held.map((r) => r.proposalId));
  const standing = new Set(
    holders.filter((h) => h.status === 'accepted' || h.status === 'completed').map((h) => h.id),
  );
  return new Set(held.filter((r) => standing.has(r.proposalId)).map((r) => r.listingId));
}

/**
 * The rules every set of terms obeys (first offer and counters): 1–10 listings a side (offered may
 * be empty only with a deposit), the requested listings are the receiver's, the offered ones the
 * sender's, all published and not reserved by another exchange. Returns the listings named.
 */
export async function validateTerms(
  deps: Pick<ProposalDeps, 'listings' | 'reservations' | 'proposals'>,
  senderId: string,
  receiverId: string,
  terms: Terms,
  proposalId?: string,
): Promise<Map<string, Listing>> {
  const { requestedProductIds: requested, offeredProductIds: offered } = terms;
  if (requested.length < 1 || requested.length > MAX_LISTINGS_PER_SIDE) {
    throw AppError.invalid(
      `requestedProductIds: ask for 1 to ${MAX_LISTINGS_PER_SIDE} listings`,
      'requestedProductIds',
    );
  }
  if (offered.length > MAX_LISTINGS_PER_SIDE) {
    throw AppError.invalid(
      `offeredProductIds: offer at most ${MAX_LISTINGS_PER_SIDE} listings`,
      'offeredProductIds',
    );
  }
  if (offered.length === 0 && !(terms.depositAmount > 0)) {
    throw AppError.invalid(
      'offeredProductIds: offer at least one listing, or a deposit_amount above 0',
      'offeredProductIds',
    );
  }
  for (const [field, ids] of [
    ['requestedProductIds', requested],
    ['offeredProductIds', offered],
  ] as const) {
    if (new Set(ids).size !== ids.length) {
      throw AppError.invalid(`${field}: a listing is named twice`, field);
    }
  }
  // The listings and their reservations, side by side (the reservations are answered after the
  // listings' own refusals).
  const named = [...requested, ...offered];
  const [listingsRead, reservedRead] = await Promise.allSettled([
    deps.listings.listings(named),
    reservedElsewhere(deps, named, proposalId),
  ]);
  if (listingsRead.status === 'rejected') throw listingsRead.reason;
  const listings = listingsRead.value;
  const sides = [
    ['requestedProductIds', requested, receiverId, 'the receiver'],
    ['offeredProductIds', offered, senderId, 'the sender'],
  ] as const;
  for (const [field, ids, owner, whose] of sides) {
    for (const id of ids) {
      const l = listings.get(id);
      if (!l || l.status === 'deleted') {
        throw AppError.invalid(`${field}: listing ${id} does not exist`, field);
      }
      if (l.ownerId !== owner) {
        throw AppError.invalid(`${field}: listing ${l.title} does not belong to ${whose}`, field);
      }
    }
  }
  // Every listing's reservation in one read; the refusals follow the listings' order.
  if (reservedRead.status === 'rejected') throw reservedRead.reason;
  const reserved = reservedRead.value;
  for (const id of named) {
    const l = listings.get(id)!;
    if (!tradable(l)) {
      if (l.status === 'reserved' || l.status === 'traded') throw noLongerAvailable(l);
      throw AppError.conflict(`Listing ${l.title} is not available (${l.status})`);
    }
    if (reserved.has(id)) throw noLongerAvailable(l);
  }
  return listings;
}
