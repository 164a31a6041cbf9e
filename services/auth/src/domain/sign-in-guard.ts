import { AppError, type Logger } from '@swapbooth/service-kit';
import type { SignInCounters } from './ports';
import {
  accountRef,
  judgeSignIn,
  type SignInThrottleSettings,
  type ThrottleReason,
} from './sign-in-throttle';

const throttledMessage: Record<ThrottleReason, string> = {
  address: 'Too many failed sign-in attempts from this network. Please try again later.',
  'account-address':
    'Too many failed sign-in attempts for this account. Try again later, e-mail yourself a sign-in link, or reset your password.',
  account:
    'Too many failed sign-in attempts for this account. Try again later, e-mail yourself a sign-in link, or reset your password.',
};

/**
 * Every check of a member's password against what they typed (signing in, confirming the current
 * password to change it) goes through here, so all of them share the sign-in counters: a guess
 * made through one way in counts against the others.
 */
export class SignInGuard {
  constructor(
    private readonly counters: Pick<
      SignInCounters,
      'read' | 'recordFailure' | 'clearAddress' | 'recordThrottled'
    >,
    private readonly settings: SignInThrottleSettings,
    private readonly logger: Logger,
  ) {}

  /** Refuses with 429 and Retry-After, before the password is checked, an attempt that must wait. */
  async assertMayTry(email: string, address: string): Promise<void> {
    const account = accountRef(email);
    const verdict = judgeSignIn(
      await this.counters.read(account, address),
      this.settings,
      Date.now(),
    );
    if (verdict.allowed) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(verdict.retryAfterMs / 1000));
    await this.counters.recordThrottled(account);
    this.logger.warn(
      { account, ip: address, reason: verdict.reason, retryAfterSeconds },
      'sign-in throttled',
    );
    throw AppError.rateLimited(throttledMessage[verdict.reason], retryAfterSeconds);
  }

  /** A wrong password for this account from this address. */
  failed(email: string, address: string): Promise<void> {
    return this.counters.recordFailure(accountRef(email), address);
  }

  /** The right password from this address: its run of failures for the account ends. */
  succeeded(email: string, address: string): Promise<void> {
    return this.counters.clearAddress(accountRef(email), address);
  }
}
