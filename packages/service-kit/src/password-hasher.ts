/** Hashes passwords and checks them; what a service's sign-in depends on. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False on a mismatch or a missing hash, after as long as a real check takes. */
  verify(hash: string | undefined, password: string): Promise<boolean>;
}

/** OWASP's argon2id baseline, for members and admins alike: 19 MiB, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  type: 2, // argon2id
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

// Loaded on first use: only the services that sign people in carry the native module's cost.
let argon2: Promise<typeof import('argon2')> | undefined;
const loadArgon2 = () => (argon2 ??= import('argon2'));

/**
 * argon2id passwords. A check without a hash (an unknown e-mail, an account with no password)
 * still verifies against a dummy hash made when the hasher is, so a miss costs as long as a hit.
 */
export function argon2Hasher(): PasswordHasher {
  const dummy = loadArgon2().then((a) =>
    a.hash('not-a-real-password-only-for-timing', ARGON2_OPTIONS),
  );
  dummy.catch(() => undefined); // a failure surfaces on the first check, not as an unhandled one
  return {
    hash: async (password) => (await loadArgon2()).hash(password, ARGON2_OPTIONS),
    async verify(hash, password) {
      try {
        const a = await loadArgon2();
        if (!hash) {
          await a.verify(await dummy, password);
          return false;
        }
        return await a.verify(hash, password);
      } catch {
        return false;
      }
    },
  };
}
