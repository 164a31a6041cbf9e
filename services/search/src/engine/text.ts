/**
 * Word matching rules for the in-process engine, written to mirror Meilisearch's documented
 * behaviour so both engines answer a query alike: Damerau-Levenshtein typos (a swap of two
 * neighbouring letters is one typo), no typos below 5 letters, one from 5, two from 9, a typo on
 * the first letter costs two, and the last query word also matches as a prefix.
 */

/** Minimum word length for one typo, and for two (Meilisearch `minWordSizeForTypos`). */
export const ONE_TYPO_MIN_LENGTH = 5;
export const TWO_TYPOS_MIN_LENGTH = 9;

const SEPARATORS = /[^\p{L}\p{N}]+/u;
const COMBINING_MARKS = /\p{M}+/gu;

/**
 * Splits text into lower-case, accent-free words, each once, in first-seen order. Hyphens and
 * apostrophes separate words ("like-new" is "like" and "new"), as they do in Meilisearch.
 */
export function tokenize(text: string): string[] {
  const words = text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .split(SEPARATORS)
    .filter((w) => w !== '');
  return [...new Set(words)];
}

/** How many typos a query word of this length may carry. */
export function typoBudget(word: string): number {
  if (word.length >= TWO_TYPOS_MIN_LENGTH) return 2;
  if (word.length >= ONE_TYPO_MIN_LENGTH) return 1;
  return 0;
}

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions), giving up and
 * returning `max + 1` as soon as the distance must exceed `max`.
 */
export function boundedDamerau(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const width = b.length + 1;
  let prevPrev = new Array<number>(width).fill(0);
  let prev = Array.from({ length: width }, (_, j) => j);
  let current = new Array<number>(width).fill(0);
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(
        (prev[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (prev[j - 1] ?? 0) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, (prevPrev[j - 2] ?? 0) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    [prevPrev, prev, current] = [prev, current, prevPrev];
  }
  return Math.min(prev[b.length] ?? max + 1, max + 1);
}

/** Typos between a query word and an indexed word, with a wrong first letter costing two. */
export function typoCost(query: string, word: string, max: number): number {
  if (query[0] === word[0]) return boundedDamerau(query.slice(1), word.slice(1), max);
  if (max < 2) return max + 1;
  return boundedDamerau(query, word, max - 1) + 1;
}

/**
 * Whether `word` (from the index) matches query word `query`, and with how many typos.
 * `isLast` marks the final query word, which also matches the beginning of longer words.
 * Returns `undefined` when it does not match.
 */
export function matchTypos(query: string, word: string, isLast: boolean): number | undefined {
  if (word === query) return 0;
  if (isLast && word.startsWith(query)) return 0;
  const budget = typoBudget(query);
  if (budget === 0) return undefined;
  let best = typoCost(query, word, budget);
  if (isLast) {
    // A prefix within `budget` edits of the query is between |query| - budget and |query| + budget long.
    const from = Math.max(1, query.length - budget);
    const to = Math.min(word.length - 1, query.length + budget);
    for (let k = from; k <= to && best > 0; k++) {
      best = Math.min(best, typoCost(query, word.slice(0, k), budget));
    }
  }
  return best <= budget ? best : undefined;
}
