import { boundedDamerau, matchTypos, tokenize, typoBudget } from './text';

describe('tokenize', () => {
  it('lower-cases, strips accents and splits on punctuation, hyphens included', () => {
    expect(tokenize('Crème Brûlée, LIKE-new!')).toEqual(['creme', 'brulee', 'like', 'new']);
  });

  it('keeps each word once, in first-seen order', () => {
    expect(tokenize('bike BIKE bike lock')).toEqual(['bike', 'lock']);
  });

  it('gives nothing for blank or punctuation-only text', () => {
    expect(tokenize('  -- !! ')).toEqual([]);
  });
});

describe('typoBudget', () => {
  it('allows none below 5 letters, one from 5 and two from 9', () => {
    expect(typoBudget('lamp')).toBe(0);
    expect(typoBudget('chair')).toBe(1);
    expect(typoBudget('bicycles')).toBe(1);
    expect(typoBudget('furniture')).toBe(2);
  });
});

describe('boundedDamerau', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(boundedDamerau('bicycel', 'bicycle', 2)).toBe(1);
  });

  it('counts insertions, deletions and substitutions', () => {
    expect(boundedDamerau('chair', 'chairs', 2)).toBe(1);
    expect(boundedDamerau('chairs', 'chair', 2)).toBe(1);
    expect(boundedDamerau('chair', 'cheir', 2)).toBe(1);
    expect(boundedDamerau('kitten', 'sitting', 3)).toBe(3);
  });

  it('stops at max + 1', () => {
    expect(boundedDamerau('table', 'xyzzy', 1)).toBe(2);
    expect(boundedDamerau('a', 'abcdef', 2)).toBe(3);
  });
});

describe('matchTypos', () => {
  it('matches the same word with no typo', () => {
    expect(matchTypos('lamp', 'lamp', false)).toBe(0);
  });

  it('allows one typo from 5 letters', () => {
    expect(matchTypos('bicycel', 'bicycle', false)).toBe(1);
    expect(matchTypos('chiar', 'chair', false)).toBe(1);
  });

  it('allows no typo below 5 letters', () => {
    expect(matchTypos('lmap', 'lamp', false)).toBeUndefined();
    expect(matchTypos('sifa', 'sofa', true)).toBeUndefined();
  });

  it('counts a wrong first letter as two typos', () => {
    expect(matchTypos('xhair', 'chair', false)).toBeUndefined();
    expect(matchTypos('xurniture', 'furniture', false)).toBe(2);
  });

  it('matches the last word as a prefix, earlier words only whole', () => {
    expect(matchTypos('bicy', 'bicycle', true)).toBe(0);
    expect(matchTypos('bicy', 'bicycle', false)).toBeUndefined();
  });

  it('lets the last word carry a typo and still be a prefix', () => {
    expect(matchTypos('bicyx', 'bicycle', true)).toBe(1);
    expect(matchTypos('bicyx', 'bicycle', false)).toBeUndefined();
  });
});

describe('matchTypos against a plain reference', () => {
  /** Full-table optimal-string-alignment distance, the textbook way. */
  function referenceDistance(a: string, b: string): number {
    const d = Array.from({ length: a.length + 1 }, (_, i) =>
      Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
    );
    for (let i = 1; i <= a.length; i++) {
      for (let j = 1; j <= b.length; j++) {
        const row = d[i]!;
        row[j] = Math.min(
          d[i - 1]![j]! + 1,
          row[j - 1]! + 1,
          d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
        );
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
          row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
        }
      }
    }
    return d[a.length]![b.length]!;
  }

  /** The rules as documented: whole word, or for the last word any beginning of it. */
  function referenceMatch(query: string, word: string, isLast: boolean): number | undefined {
    if (word === query || (isLast && word.startsWith(query))) return 0;
    const budget = typoBudget(query);
    if (budget === 0) return undefined;
    const cost = (target: string) =>
      target[0] === query[0]
        ? referenceDistance(query.slice(1), target.slice(1))
        : referenceDistance(query, target) + 1;
    const targets = isLast ? Array.from(word, (_, k) => word.slice(0, k + 1)) : [word];
    const best = Math.min(...targets.map(cost));
    return best <= budget ? best : undefined;
  }

  it('agrees on 20,000 random pairs of look-alike words', () => {
    let seed = 12345;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const randomWord = (min: number, max: number) =>
      Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, () =>
        'abcd'.charAt(Math.floor(next() * 4)),
      ).join('');
    let matches = 0;
    const disagreements: unknown[] = [];
    for (let i = 0; i < 20_000; i++) {
      const query = randomWord(3, 11);
      const word = next() < 0.5 ? randomWord(3, 14) : query + randomWord(0, 3);
      const isLast = next() < 0.5;
      const expected = referenceMatch(query, word, isLast);
      if (expected !== undefined) matches++;
      const actual = matchTypos(query, word, isLast);
      if (actual !== expected) disagreements.push({ query, word, isLast, actual, expected });
    }
    expect(disagreements).toEqual([]);
    // The sample must exercise matches as well as misses.
    expect(matches).toBeGreaterThan(2_000);
    expect(matches).toBeLessThan(18_000);
  });
});
