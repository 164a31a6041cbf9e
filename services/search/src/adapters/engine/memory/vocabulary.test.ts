import { Vocabulary } from './vocabulary';

const expanded = (v: Vocabulary, word: string, isLast: boolean) =>
  Object.fromEntries([...v.expand(word, isLast)].sort());

describe('Vocabulary', () => {
  it('expands a last word to its completions and a typo, an earlier word to whole words', () => {
    const v = new Vocabulary();
    for (const w of ['chair', 'chairs', 'chain', 'cheir', 'table']) v.add(w);
    expect(expanded(v, 'chair', true)).toEqual({ chair: 0, chairs: 0, chain: 1, cheir: 1 });
    expect(expanded(v, 'chair', false)).toEqual({ chair: 0, chairs: 1, chain: 1, cheir: 1 });
    expect(expanded(v, 'cha', true)).toEqual({ chair: 0, chairs: 0, chain: 0 });
    expect(expanded(v, 'cha', false)).toEqual({});
  });

  it('finds a nine-letter word with a wrong first letter', () => {
    const v = new Vocabulary();
    for (const w of ['furniture', 'future', 'curniture']) v.add(w);
    expect(expanded(v, 'xurniture', false)).toEqual({ furniture: 2, curniture: 2 });
  });

  it('answers from the dictionary as it is now, after words enter and leave', () => {
    const v = new Vocabulary();
    v.add('lamp');
    expect(expanded(v, 'la', true)).toEqual({ lamp: 0 });
    v.add('ladder');
    expect(expanded(v, 'la', true)).toEqual({ ladder: 0, lamp: 0 });
    v.add('lamp'); // a second listing holds it: still one word
    v.remove('lamp');
    expect(expanded(v, 'la', true)).toEqual({ ladder: 0, lamp: 0 });
    v.remove('lamp');
    expect(expanded(v, 'la', true)).toEqual({ ladder: 0 });
    v.clear();
    expect(expanded(v, 'la', true)).toEqual({});
  });
});
