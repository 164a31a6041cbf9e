import argon2 from 'argon2';
import type { PasswordHasher } from '../domain/ports';

/** OWASP's argon2id baseline (the same as member passwords): 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function argon2Hasher(): PasswordHasher {
  // Checked against when the e-mail is unknown, so a miss costs as long as a hit.
  let dummy: Promise<string> | undefined;
  return {
    hash: (password) => argon2.hash(password, ARGON2_OPTIONS),
    async verify(hash, password) {
      try {
        if (!hash) {
          dummy ??= argon2.hash('not-a-real-password-only-for-timing', ARGON2_OPTIONS);
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
