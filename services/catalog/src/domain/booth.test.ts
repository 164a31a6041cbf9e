import { nameProblem, normalizeInterests, usernameProblem } from './booth';

describe('booth usernames and names', () => {
  it.each(['abc', 'vintage.finds', 'my_booth-2', 'A'.repeat(30)])(
    'accepts the username %j',
    (u) => {
      expect(usernameProblem(u)).toBeUndefined();
    },
  );

  it.each(['ab', 'a'.repeat(31), 'has space', 'emoji😀', 'slash/x'])(
    'refuses the malformed username %j',
    (u) => {
      expect(usernameProblem(u)).toBe('Use 3 to 30 letters, digits, underscores, dots or hyphens');
    },
  );

  it.each(['admin', 'API', 'SwapBooth', 'support', 'help', 'root', 'settings'])(
    'refuses the reserved username %j in any case',
    (u) => {
      expect(usernameProblem(u)).toBe('This username is reserved');
    },
  );

  it('refuses "me" (too short, and reserved besides)', () => {
    expect(usernameProblem('me')).toBeDefined();
  });

  it('needs a name of 2 to 60 characters that is not a reserved word', () => {
    expect(nameProblem(' x ')).toBe('Use 2 to 60 characters');
    expect(nameProblem('Support')).toBe('This name is reserved');
    expect(nameProblem('Corner Shop')).toBeUndefined();
  });

  it('keeps interests trimmed and without repeats regardless of case', () => {
    expect(normalizeInterests([' Books ', 'books', 'Vinyl', ''])).toEqual(['Books', 'Vinyl']);
  });
});
