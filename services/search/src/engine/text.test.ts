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
