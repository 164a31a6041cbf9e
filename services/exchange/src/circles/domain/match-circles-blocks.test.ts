import { blockPairKey } from '../../proposals/domain/member-blocks';
import { freeOfBlocks } from './match-circles';

describe('blocked pairs in a circle', () => {
  const owner: Record<string, string> = { a: 'A', b: 'B', c: 'C', d: 'D' };
  const ownerOf = (id: string) => owner[id]!;

  it('refuses a circle with any two members who block each other, neighbours or not', () => {
    const cycle = ['a', 'b', 'c', 'd'];
    expect(freeOfBlocks(cycle, ownerOf, new Set())).toBe(true);
    expect(freeOfBlocks(cycle, ownerOf, new Set([blockPairKey('D', 'A')]))).toBe(false);
    // A and C are not next to each other in the loop, but share it.
    expect(freeOfBlocks(cycle, ownerOf, new Set([blockPairKey('C', 'A')]))).toBe(false);
    expect(freeOfBlocks(['a', 'b'], ownerOf, new Set([blockPairKey('C', 'D')]))).toBe(true);
  });
});
