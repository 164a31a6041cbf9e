import type { ListingDocument } from '../../../domain/ports';
import { fieldKey, FILTER_FIELDS, pointOf } from '../query';
import { BOOST, TEXT_FIELDS, textOf } from '../text-fields';
import { words } from '../text';

/** One indexed listing: its document and what the indexes were built from. */
export interface Entry {
  slot: number;
  doc: ListingDocument;
  /** Distinct words of the searchable fields, each with its field-weighted term frequency. */
  terms: Map<string, number>;
  /** Words in the searchable fields (BM25 length normalisation). */
  length: number;
  /** Normalised filter values, in {@link FILTER_FIELDS} order. */
  keys: Array<string | undefined>;
  point: { lat: number; lng: number } | undefined;
}

/** Newest first; the lower id first at the same creation time. */
export const newer = (a: Entry, b: Entry): boolean =>
  a.doc.createdAt !== b.doc.createdAt ? a.doc.createdAt > b.doc.createdAt : a.doc.id < b.doc.id;

export function entryOf(doc: ListingDocument, slot: number): Entry {
  const terms = new Map<string, number>();
  let length = 0;
  const text = textOf(doc);
  for (const field of TEXT_FIELDS) {
    for (const part of [text[field] ?? []].flat()) {
      for (const word of words(part)) {
        terms.set(word, (terms.get(word) ?? 0) + BOOST[field]);
        length++;
      }
    }
  }
  const keys = FILTER_FIELDS.map((field) => {
    const value = doc[field];
    return value !== undefined && value.trim() !== '' ? fieldKey(field, value) : undefined;
  });
  return { slot, doc, terms, length, keys, point: pointOf(doc) };
}
