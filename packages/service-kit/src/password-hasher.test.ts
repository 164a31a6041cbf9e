import { argon2Hasher } from './password-hasher';

describe('argon2Hasher', () => {
  const hasher = argon2Hasher();

  it('checks a password against its argon2id hash', async () => {
    const hash = await hasher.hash('correct horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await hasher.verify(hash, 'correct horse')).toBe(true);
    expect(await hasher.verify(hash, 'wrong horse')).toBe(false);
  });

  it('answers false for a missing or malformed hash', async () => {
    expect(await hasher.verify(undefined, 'anything')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'anything')).toBe(false);
  });
});
