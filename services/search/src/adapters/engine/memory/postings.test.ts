import { Candidates, type WordList } from './candidates';
import { Postings } from './postings';

/** A small deterministic generator, so a failure replays. */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const contents = (p: Postings) =>
  Array.from({ length: p.size }, (_, i) => [p.slots[i]!, p.tfs[i]!] as const);

describe('Postings', () => {
  it('holds what a map would, in slot order, through random writes and removals', () => {
    const next = random(7);
    const postings = new Postings();
    const reference = new Map<number, number>();
    for (let step = 0; step < 5_000; step++) {
      const slot = Math.floor(next() * 400);
      if (next() < 0.35) {
        postings.delete(slot);
        reference.delete(slot);
      } else {
        const tf = 1 + Math.floor(next() * 5);
        postings.set(slot, tf);
        reference.set(slot, tf);
      }
    }
    expect(contents(postings)).toEqual([...reference].sort((a, b) => a[0] - b[0]));
    for (let slot = 0; slot < 400; slot++)
      expect(postings.get(slot)).toBe(reference.get(slot) ?? 0);
  });
});

describe('Candidates', () => {
  const lengths = new Float64Array(2_000).fill(10);
  const listOf = (slots: number[], typos = 0, weight = 1): WordList => {
    const list = new Postings();
    for (const slot of slots) list.set(slot, 1 + (slot % 3));
    return { list, typos, weight };
  };
  const range = (from: number, to: number, step = 1) =>
    Array.from({ length: Math.ceil((to - from) / step) }, (_, i) => from + i * step);
  const survivors = (c: Candidates) =>
    Array.from({ length: c.count }, (_, i) => [c.slots[i]!, c.typos[i]!] as const).sort(
      (a, b) => a[0] - b[0],
    );

  // The second word is applied by lookups when candidates are few against long lists, and by a
  // scan of the lists when candidates are many; both must keep the same listings and typos.
  it.each([
    ['few candidates, long lists', range(0, 12), [range(0, 2_000, 2), range(1, 2_000, 4)]],
    ['many candidates, short lists', range(0, 1_500), [range(0, 40, 3), range(5, 60, 5)]],
  ])('keeps only listings holding the next word, with its fewest typos (%s)', (_, first, next) => {
    const candidates = new Candidates().reset(2_000, lengths, 10);
    candidates.start([listOf(first)]);
    const lists = next.map((slots, i) => listOf(slots, i));
    candidates.narrow(
      lists,
      lists.reduce((n, l) => n + l.list.size, 0),
    );
    const expected = first
      .filter((slot) => next.some((slots) => slots.includes(slot)))
      .map((slot) => [slot, next.findIndex((slots) => slots.includes(slot))] as const);
    expect(survivors(candidates)).toEqual(expected);
    expect(candidates.count).toBeGreaterThan(0);
  });
});
