import { NOUNS, type Noun } from './listings';
import type { PlacePicker } from './places';
import { Random } from './random';

/** The query kinds measured, in the order they run. */
export const QUERY_KINDS = [
  'text',
  'text+category',
  'text+zip 25 mi',
  'zip+radius',
  'suggest',
] as const;
export type QueryKind = (typeof QUERY_KINDS)[number];

export const KIND_LABELS: Record<QueryKind, string> = {
  text: 'text only',
  'text+category': 'text + category',
  'text+zip 25 mi': 'text + ZIP, 25 mi',
  'zip+radius': 'ZIP + radius, no text',
  suggest: 'suggestions (3–6 letter prefix, limit 10)',
};

/** Radii offered by the search page, weighted by how often a member would pick them. */
const RADII: Array<[miles: string, weight: number]> = [
  ['3', 1],
  ['5', 2],
  ['10', 3],
  ['25', 3],
  ['50', 1],
  ['100', 0.5],
];

const wordsOf = (s: string) =>
  s
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** Swaps two neighbouring letters of the longest word, as a hurried typist would. */
function withTypo(r: Random, text: string): string {
  const words = text.split(' ');
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  if (longest.length < 6) return text;
  const at = r.int(1, longest.length - 3);
  const typo = longest.slice(0, at) + longest[at + 1] + longest[at] + longest.slice(at + 2);
  return words.map((w) => (w === longest ? typo : w)).join(' ');
}

/** What a member types: a whole name, its last word, a brand with it, sometimes a typo. */
function searchText(r: Random, noun: Noun): string {
  const words = wordsOf(noun.text);
  const head = words[words.length - 1] ?? noun.text.toLowerCase();
  const brands = noun.category.brands;
  let text: string;
  const roll = r.next();
  if (roll < 0.4) text = words.join(' ');
  else if (roll < 0.75) text = head;
  else if (roll < 0.9 && brands.length > 0) text = `${r.pick(brands).toLowerCase()} ${head}`;
  else text = words.slice(-2).join(' ');
  return r.chance(0.1) ? withTypo(r, text) : text;
}

/** A prefix of 3 to 6 letters of a word a member starts typing. */
function prefix(r: Random, noun: Noun): string {
  const candidates = [...wordsOf(noun.text), ...noun.category.brands.flatMap(wordsOf)].filter((w) =>
    /^[a-z]{3,}$/.test(w),
  );
  const word = candidates.length > 0 ? r.pick(candidates) : 'bike';
  return word.slice(0, r.int(3, Math.min(6, word.length)));
}

/** `count` query strings for `GET /api/search` per kind; the same seed gives the same queries. */
export function buildQueries(
  picker: PlacePicker,
  count: number,
  seed = 777,
): Record<QueryKind, string[]> {
  const r = new Random(seed);
  const make = (build: () => Record<string, string>) =>
    Array.from({ length: count }, () => new URLSearchParams(build()).toString());
  return {
    text: make(() => ({ query: searchText(r, r.pick(NOUNS)) })),
    'text+category': make(() => {
      const noun = r.pick(NOUNS);
      return { query: searchText(r, noun), category: noun.category.category };
    }),
    'text+zip 25 mi': make(() => ({
      query: searchText(r, r.pick(NOUNS)),
      searchZip: picker.pick(r).zip,
      radius: '25',
    })),
    'zip+radius': make(() => ({
      searchZip: picker.pick(r).zip,
      radius: r.weighted(RADII, ([, w]) => w)[0],
    })),
    suggest: make(() => ({ query: prefix(r, r.pick(NOUNS)), limit: '10' })),
  };
}
