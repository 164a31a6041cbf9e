/** Local storage keys (SPEC §3). Never rename: signed-in members already have values under them. */
export const StorageKeys = {
  token: 'token',
  signupStep: 'signupStep',
  redirectUrl: 'redirectUrl',
  /** The e-mail waiting for its one-time code between sign-up and verification. */
  pendingEmail: 'pendingEmail',
  /** The ZIP code a visitor (or a member) chose for the home page's nearby listings. */
  nearbyZip: 'nearbyZip',
} as const;

export type StorageKey = (typeof StorageKeys)[keyof typeof StorageKeys];

/** localStorage that never throws (private windows and full quotas just lose the value). */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      /* storage unavailable: the value lives for this page only */
    }
  },
  remove(key: StorageKey): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      /* nothing to remove */
    }
  },
};
