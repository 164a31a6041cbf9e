import type { ListingDocument } from '../../domain/ports';

/** Fields searched for text, most telling first; both in-process engines index these. */
export const TEXT_FIELDS = [
  'title',
  'tags',
  'category',
  'subcategory',
  'boothName',
  'typeText',
  'description',
] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

/** Weights of a match per field: a title match counts above a description match. */
export const BOOST: Record<TextField, number> = {
  title: 3,
  tags: 2,
  category: 1.5,
  subcategory: 1.5,
  boothName: 1.2,
  typeText: 1,
  description: 1,
};

/** A listing's searchable text per field; the listing type is searchable as a word too. */
export function textOf(doc: ListingDocument): Record<TextField, string | string[] | undefined> {
  return {
    title: doc.title,
    description: doc.description,
    category: doc.category,
    subcategory: doc.subcategory,
    tags: doc.tags,
    boothName: doc.boothName,
    typeText: doc.type,
  };
}
