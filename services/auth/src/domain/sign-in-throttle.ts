import { createHash } from 'node:crypto';

/**
 * How failed sign-ins are slowed down (OWASP's authentication guidance; rate-limiter-flexible's
 * "login endpoint protection" recipe). There is no hard lock of an account: a stranger must not be
 * able to keep its owner out.
 *
 * - Each address may fail `failuresPerAddressPerDay` times a day over all accounts, then waits.
 * - An account and address pair that failed `consecutiveFailuresPerAddress` times in a row waits
 *   `addressBlockMs` before its next attempt (a right password resets the pair).
 * - Past `failuresBeforeDelay` failures of an account (from any address), each further attempt
 *   from an address that already failed for that account waits a delay that doubles with every
 *   failure, up to `delayMaxMs`. An address with no failures for the account is not slowed down,
 *   so the owner still signs in from their own device during an attack.
 * - Whatever the address, an account that failed `failuresPerAccountPerHour` times within the
 *   hour waits for the hour to end: an attacker who can present a new address at every attempt
 *   (many hosts, or a spoofable network path) still gets that many guesses an hour and no more.
 *   This one does hold the owner's password sign-in back too, which is why it is set well above
 *   what a forgetful owner reaches; the owner still gets in with an e-mailed link or a reset.
 * - An e-mailed sign-in link or a completed password reset proves the owner and clears the
 *   account's counters.
 */
export interface SignInThrottleSettings {
  failuresBeforeDelay: number;
  delayBaseMs: number;
  delayMaxMs: number;
  consecutiveFailuresPerAddress: number;
  addressBlockMs: number;
  failuresPerAddressPerDay: number;
  failuresPerAccountPerHour: number;
}

/** What the counters say about one account and the address an attempt comes from. */
export interface SignInRecord {
  /** Failures of the account since it was last cleared, from any address. */
  accountFailures: number;
  lastAccountFailureAt: number | null;
  /** Consecutive failures of the account from this address. */
  addressFailures: number;
  lastAddressFailureAt: number | null;
  /** Failures from this address today, over all accounts. */
  addressFailuresToday: number;
  /** When the address's daily count starts again (ms from now). */
  addressDayEndsInMs: number;
  /** Failures of the account in the current hour, from any address. */
  accountFailuresThisHour: number;
  /** When the account's hourly count starts again (ms from now). */
  accountHourEndsInMs: number;
}

export type ThrottleReason = 'address' | 'account-address' | 'account';

export type SignInVerdict =
  { allowed: true } | { allowed: false; reason: ThrottleReason; retryAfterMs: number };

/** The wait after the n-th failure of an account (0 while under the free failures). */
export function delayAfter(failures: number, s: SignInThrottleSettings): number {
  if (failures < s.failuresBeforeDelay) return 0;
  const doublings = Math.min(failures - s.failuresBeforeDelay, 30);
  return Math.min(s.delayBaseMs * 2 ** doublings, s.delayMaxMs);
}

/** Whether an attempt may have its password checked now, or how long it must wait. */
export function judgeSignIn(
  r: SignInRecord,
  s: SignInThrottleSettings,
  now: number,
): SignInVerdict {
  if (r.addressFailuresToday >= s.failuresPerAddressPerDay) {
    return { allowed: false, reason: 'address', retryAfterMs: r.addressDayEndsInMs };
  }
  if (r.accountFailuresThisHour >= s.failuresPerAccountPerHour) {
    return { allowed: false, reason: 'account', retryAfterMs: r.accountHourEndsInMs };
  }
  if (r.addressFailures === 0) return { allowed: true };
  if (r.addressFailures >= s.consecutiveFailuresPerAddress && r.lastAddressFailureAt !== null) {
    const wait = r.lastAddressFailureAt + s.addressBlockMs - now;
    if (wait > 0) return { allowed: false, reason: 'account-address', retryAfterMs: wait };
  }
  if (r.lastAccountFailureAt !== null) {
    const wait = r.lastAccountFailureAt + delayAfter(r.accountFailures, s) - now;
    if (wait > 0) return { allowed: false, reason: 'account', retryAfterMs: wait };
  }
  return { allowed: true };
}

/**
 * How counters, logs and the admin report name an account: a hash of the normalised e-mail, the
 * same whether or not an account exists (so throttling tells nobody which addresses have one).
 */
export const accountRef = (email: string): string =>
  createHash('sha256').update(`sign-in\n${email}`).digest('hex').slice(0, 16);
