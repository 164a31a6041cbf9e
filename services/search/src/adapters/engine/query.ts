import { isValidPoint, METRES_PER_MILE } from '../../domain/geo';
import type { ListingDocument, NearPoint, SearchQuery } from '../../domain/ports';

/** Filter fields compared exactly; both adapters index a normalised copy of each. */
export const FILTER_FIELDS = [
  'category',
  'subcategory',
  'condition',
  'city',
  'state',
  'zip',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];

/** Filters compare case- and spacing-insensitively, so "New  York" finds "new york". */
export function filterKey(value: string): string {
  return value.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

/** ZIP+4 and ZIP compare equal: the ZIP data set and members only know five digits. */
export function zipKey(value: string): string {
  const trimmed = value.trim();
  const five = /^(\d{5})(?:-?\d{4})?$/.exec(trimmed)?.[1];
  return five ?? filterKey(trimmed);
}

export function fieldKey(field: FilterField, value: string): string {
  return field === 'zip' ? zipKey(value) : filterKey(value);
}

/** A query with defaults applied and inputs checked, ready for an adapter. */
export interface NormalizedQuery {
  text: string | undefined;
  type: SearchQuery['type'];
  filters: Array<{ field: FilterField; key: string }>;
  near: NearPoint | undefined;
  page: number;
  limit: number;
  offset: number;
}

/**
 * Trims text, drops blank filters and rejects impossible paging or coordinates. Invalid paging is
 * a caller bug (the HTTP layer validates first), so it throws instead of guessing.
 */
export function normalizeQuery(query: SearchQuery): NormalizedQuery {
  if (!Number.isInteger(query.page) || query.page < 1) {
    throw new RangeError(`page must be an integer >= 1, got ${query.page}`);
  }
  if (!Number.isInteger(query.limit) || query.limit < 1) {
    throw new RangeError(`limit must be an integer >= 1, got ${query.limit}`);
  }
  const near = query.near;
  if (near) {
    if (!isValidPoint(near)) throw new RangeError('near must hold a valid lat/lng');
    if (near.radiusMiles !== undefined && !(near.radiusMiles >= 0)) {
      throw new RangeError('near.radiusMiles must be a non-negative number');
    }
  }
  const filters: NormalizedQuery['filters'] = [];
  for (const field of FILTER_FIELDS) {
    const raw = query[field];
    if (raw === undefined || raw.trim() === '') continue;
    filters.push({ field, key: fieldKey(field, raw) });
  }
  const text = query.text?.trim();
  return {
    text: text ? text : undefined,
    type: query.type,
    filters,
    near,
    page: query.page,
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
}

const OPTIONAL_STRINGS = [
  'subcategory',
  'condition',
  'coverImage',
  'sellerFirstName',
  'sellerLastName',
  'sellerUsername',
  'sellerAvatar',
  'boothName',
  'city',
  'state',
  'zip',
] as const;

const isStringArray = (value: unknown): boolean =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

/**
 * Rejects documents no engine could index, before any of a batch is written, so a bad document
 * fails the whole batch instead of leaving it half applied.
 */
export function assertIndexable(doc: ListingDocument): void {
  if (typeof doc.id !== 'string' || !/^[A-Za-z0-9_-]{1,511}$/.test(doc.id)) {
    // Meilisearch's rule for document ids; holding both engines to it keeps them interchangeable.
    throw new TypeError(`listing id must be 1-511 letters, digits, "-" or "_": ${String(doc.id)}`);
  }
  const problems: string[] = [];
  for (const field of ['slug', 'title', 'description', 'category', 'sellerId'] as const) {
    if (typeof doc[field] !== 'string') problems.push(field);
  }
  for (const field of OPTIONAL_STRINGS) {
    if (doc[field] !== undefined && typeof doc[field] !== 'string') problems.push(field);
  }
  if (doc.type !== 'item' && doc.type !== 'service') problems.push('type');
  if (!isStringArray(doc.tags)) problems.push('tags');
  if (!isStringArray(doc.boothInterests)) problems.push('boothInterests');
  if (!Number.isFinite(doc.createdAt)) problems.push('createdAt');
  for (const field of ['lat', 'lng', 'ratingAverage', 'ratingCount'] as const) {
    if (doc[field] !== undefined && !Number.isFinite(doc[field])) problems.push(field);
  }
  if ((doc.lat === undefined) !== (doc.lng === undefined)) problems.push('lat/lng');
  if (problems.length > 0) {
    throw new TypeError(`listing ${doc.id} has invalid ${problems.join(', ')}`);
  }
}

/** The listing's coordinates, when it has a usable pair. */
export function pointOf(doc: ListingDocument): { lat: number; lng: number } | undefined {
  if (doc.lat === undefined || doc.lng === undefined) return undefined;
  const point = { lat: doc.lat, lng: doc.lng };
  return isValidPoint(point) ? point : undefined;
}

/** Later copies of an id replace earlier ones, as they would in sequential upserts. */
export function lastById(docs: readonly ListingDocument[]): ListingDocument[] {
  const byId = new Map<string, ListingDocument>();
  for (const doc of docs) {
    assertIndexable(doc);
    byId.delete(doc.id);
    byId.set(doc.id, doc);
  }
  return [...byId.values()];
}

/**
 * A radius in whole metres for the engines' geo filters, rounded up and given one metre of slack
 * so a listing exactly on the boundary is never lost to float rounding (the contract allows
 * 0.05 mi).
 */
export const radiusMetres = (miles: number): number => Math.ceil(miles * METRES_PER_MILE) + 1;
