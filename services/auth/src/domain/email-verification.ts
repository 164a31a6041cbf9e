import { AppError } from '@swapbooth/service-kit';
import { suspended } from './account-errors';
import { domainEvent } from '@swapbooth/event-bus';
import type { EmailRequestLimits, OneTimeCodes } from './ports';
import type { User } from './user';
import type { UserRepository } from './user-repository';

/** Sends and checks the 6-digit codes that prove a member owns their e-mail address. */
export class EmailVerification {
  constructor(
    private readonly users: Pick<UserRepository, 'findById' | 'findByEmail' | 'update'>,
    private readonly codes: OneTimeCodes,
    private readonly limits: EmailRequestLimits,
  ) {}

  /** E-mails a fresh code (replacing any earlier one); 429 when this address asked too often. */
  async sendCode(user: Pick<User, 'id' | 'email'>): Promise<void> {
    await this.limits.consumeEmailRequest('otp', user.email);
    const { code, expiresAt } = await this.codes.issue(user.email, user.id);
    await this.users.update(user.id, { otpRequestedAt: new Date() }, [
      domainEvent('auth.otp-requested', user.id, {
        userId: user.id,
        email: user.email,
        otp: code,
        expiresAt: expiresAt.toISOString(),
      }),
    ]);
  }

  /** The resend button: same answer whether or not an unverified account exists. */
  async resend(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || user.emailVerified || user.status !== 'active') {
      // Still counts against the address, so probing cannot tell accounts apart by rate limits.
      await this.limits.consumeEmailRequest('otp', email);
      return;
    }
    await this.sendCode(user);
  }

  /** Checks a code; on success the address is verified and the member is returned (to sign in). */
  async verify(email: string, code: string): Promise<User> {
    const check = await this.codes.check(email, code);
    if (check.result === 'missing') {
      throw AppError.invalid(
        'otp: this code has expired or was already used. Request a new code.',
        'otp',
      );
    }
    if (check.result === 'locked') {
      throw AppError.invalid(
        'otp: too many wrong codes, so this code is locked. Request a new code.',
        'otp',
      );
    }
    if (check.result === 'wrong') {
      throw AppError.invalid(
        check.attemptsLeft > 0
          ? `otp: the code is incorrect (${check.attemptsLeft} ${check.attemptsLeft === 1 ? 'try' : 'tries'} left)`
          : 'otp: the code is incorrect, and this code is now locked. Request a new code.',
        'otp',
      );
    }
    const user = await this.users.findById(check.userId);
    if (!user || user.email !== email) throw AppError.invalid('otp: this code is not valid', 'otp');
    if (user.status !== 'active') throw suspended();
    if (!user.emailVerified) {
      await this.users.update(
        user.id,
        { emailVerified: true },
        [domainEvent('user.email-verified', user.id, { userId: user.id, email: user.email })],
        { emailVerified: false },
      );
    }
    return { ...user, emailVerified: true };
  }
}
