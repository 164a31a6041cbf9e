import argon2 from 'argon2';
import type { PasswordHasher } from '../domain/ports';

/** OWASP's argon2id baseline: 19 MiB of memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function argon2Hasher(): PasswordHasher {
  // Checked against when an account has no password, so a miss costs as long as a hit.
  const dummy = argon2.hash('not-a-real-password-only-for-timing', ARGON2_OPTIONS);
  return {
    hash: (password) => argon2.hash(password, ARGON2_OPTIONS),
    async verify(hash, password) {
      try {
        if (!hash) {
          await argon2.verify(await dummy, password);
          return false;
        }
        return await argon2.verify(hash, password);
      } catch {
        return false;
      }
    },
  };
}
