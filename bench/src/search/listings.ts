import type { ListingDocument } from '@swapbooth/search';
import { choosePlaces, type Place, type PlacePicker } from './places';
import { Random } from './random';
import {
  BOOTH_SUFFIXES,
  CATEGORIES,
  CONDITIONS,
  DESCRIPTION_OPENERS,
  FIRST_NAMES,
  INTERESTS,
  ITEM_QUALIFIERS,
  ITEM_SUFFIXES,
  LAST_NAMES,
  SERVICE_OPENERS,
  SERVICE_PATTERNS,
  WANTS,
  type CategoryVocabulary,
} from './vocabulary';

/** One thing a member can list: its category, subcategory, name and tags. */
export interface Noun {
  category: CategoryVocabulary;
  subcategory: string;
  text: string;
  tags: string[];
}

export interface Seller {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  avatar?: string;
  idVerified: boolean;
  ratingAverage?: number;
  ratingCount?: number;
  boothName?: string;
  boothInterests: string[];
  place: Place;
}

export const NOUNS: Noun[] = CATEGORIES.flatMap((category) =>
  Object.entries(category.subcategories).flatMap(([subcategory, nouns]) =>
    nouns.map((entry): Noun => {
      const [text = entry, tags = ''] = entry.split('|');
      return { category, subcategory, text, tags: tags.split(',').filter(Boolean) };
    }),
  ),
);

const ITEM_SHARE = 0.7;
const LISTINGS_PER_SELLER = 6;
const DAY = 86_400_000;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

function nounsOf(type: 'item' | 'service'): { category: CategoryVocabulary; nouns: Noun[] }[] {
  return CATEGORIES.filter((c) => c.type === type).map((category) => ({
    category,
    nouns: NOUNS.filter((n) => n.category === category),
  }));
}
const BY_TYPE = { item: nounsOf('item'), service: nounsOf('service') };

function seller(r: Random, i: number, picker: PlacePicker): Seller {
  const firstName = r.pick(FIRST_NAMES);
  const lastName = r.pick(LAST_NAMES);
  const rated = r.chance(0.6);
  const hasBooth = r.chance(0.7);
  return {
    id: `bench-seller-${i}`,
    firstName,
    lastName,
    username: `${firstName}${lastName}${i}`.toLowerCase(),
    ...(r.chance(0.6) ? { avatar: `https://images.swapbooth.test/avatars/${i}.webp` } : {}),
    idVerified: r.chance(0.3),
    ...(rated
      ? { ratingAverage: Math.round((3.5 + r.next() * 1.5) * 10) / 10, ratingCount: r.int(1, 40) }
      : {}),
    ...(hasBooth ? { boothName: `${firstName}'s ${r.pick(BOOTH_SUFFIXES)}` } : {}),
    boothInterests: hasBooth ? r.sample(INTERESTS, r.int(2, 4)) : [],
    place: picker.pick(r),
  };
}

function itemTitle(r: Random, noun: Noun): string {
  const parts: string[] = [];
  if (noun.category.brands.length > 0 && r.chance(0.4)) parts.push(r.pick(noun.category.brands));
  if (r.chance(0.35)) parts.push(r.pick(ITEM_QUALIFIERS));
  parts.push(noun.text);
  let title = capitalise(parts.join(' '));
  if (r.chance(0.2)) title += `, ${r.pick(ITEM_SUFFIXES)}`;
  return title;
}

/** Model numbers and years give the index the long tail of rare words real listings have. */
function modelCode(r: Random): string {
  const letter = () => String.fromCharCode(65 + r.int(0, 25));
  return `${letter()}${letter()}${r.int(100, 9999)}`;
}

function itemDescription(r: Random, noun: Noun, place: Place): string {
  const parts = [r.pick(DESCRIPTION_OPENERS), `${capitalise(noun.text)} in working order.`];
  if (r.chance(0.4)) parts.push(`Model ${modelCode(r)}, bought in ${r.int(2012, 2025)}.`);
  parts.push(`Would swap for ${r.pick(WANTS)}.`, `Pickup in ${place.city}, ${place.state}.`);
  return parts.join(' ');
}

function serviceDescription(r: Random, noun: Noun, place: Place): string {
  return [
    r.pick(SERVICE_OPENERS),
    `Offering ${noun.text} around ${place.city}.`,
    `Available ${r.pick(['weekday evenings', 'weekends', 'mornings', 'most afternoons'])}.`,
    `Happy to trade for ${r.pick(WANTS)}.`,
  ].join(' ');
}

export interface GeneratedListings {
  docs: ListingDocument[];
  sellers: Seller[];
  picker: PlacePicker;
  /** Distinct lower-case words across the searchable text (a rough size of the dictionary). */
  distinctWords: number;
}

/**
 * `count` published listings over about 2,000 real ZIP codes: about 70% items (with a condition)
 * and 30% services, by sellers who list at their own address, created over the past year with
 * more recent listings more common. The same seed gives the same listings.
 */
export function generateListings(count: number, seed = 20240611): GeneratedListings {
  const r = new Random(seed);
  const picker = choosePlaces(r);
  const sellers = Array.from(
    { length: Math.max(1, Math.ceil(count / LISTINGS_PER_SELLER)) },
    (_, i) => seller(r, i, picker),
  );
  const now = Date.now();
  const words = new Set<string>();
  const docs = Array.from({ length: count }, (_, i): ListingDocument => {
    const owner = r.pick(sellers);
    const type = r.chance(ITEM_SHARE) ? 'item' : 'service';
    const { nouns } = r.weighted(BY_TYPE[type], (c) => c.category.weight);
    const noun = r.pick(nouns);
    const id = `bench-${i.toString(36)}`;
    const title =
      type === 'item'
        ? itemTitle(r, noun)
        : capitalise(r.pick(SERVICE_PATTERNS).replace('{noun}', noun.text));
    const description =
      type === 'item'
        ? itemDescription(r, noun, owner.place)
        : serviceDescription(r, noun, owner.place);
    const tags = [
      ...new Set([...noun.tags, ...(r.chance(0.3) ? [noun.subcategory.toLowerCase()] : [])]),
    ];
    const doc: ListingDocument = {
      id,
      slug: `${slugify(title)}-${id}`,
      title,
      description,
      category: noun.category.category,
      subcategory: noun.subcategory,
      ...(type === 'item' ? { condition: r.weighted(CONDITIONS, ([, w]) => w)[0] } : {}),
      type,
      tags,
      coverImage: `https://images.swapbooth.test/listings/${id}/cover.webp`,
      sellerId: owner.id,
      sellerFirstName: owner.firstName,
      sellerLastName: owner.lastName,
      sellerUsername: owner.username,
      ...(owner.avatar ? { sellerAvatar: owner.avatar } : {}),
      idVerified: owner.idVerified,
      ...(owner.ratingCount !== undefined
        ? { ratingAverage: owner.ratingAverage, ratingCount: owner.ratingCount }
        : {}),
      ...(owner.boothName ? { boothName: owner.boothName } : {}),
      boothInterests: owner.boothInterests,
      city: owner.place.city,
      state: owner.place.state,
      zip: owner.place.zip,
      lat: owner.place.lat,
      lng: owner.place.lng,
      createdAt: Math.round(now - 365 * DAY * Math.pow(r.next(), 1.5)),
    };
    for (const text of [
      title,
      description,
      doc.category,
      doc.subcategory ?? '',
      doc.boothName ?? '',
      ...tags,
    ]) {
      for (const w of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) if (w) words.add(w);
    }
    return doc;
  });
  return { docs, sellers, picker, distinctWords: words.size };
}
