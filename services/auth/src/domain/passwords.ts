import { AppError } from '@swapbooth/service-kit';
import { suspended } from './account-errors';
import { domainEvent } from '@swapbooth/event-bus';
import type { EmailRequestLimits, PasswordHasher, SignInCounters, SingleUseTokens } from './ports';
import type { IssuedSession, Sessions } from './sessions';
import type { SignInGuard } from './sign-in-guard';
import { accountRef } from './sign-in-throttle';
import type { UserRepository } from './user-repository';

/** Forgotten, reset and changed passwords. */
export class Passwords {
  constructor(
    private readonly users: Pick<UserRepository, 'findById' | 'findByEmail' | 'update'>,
    private readonly hasher: PasswordHasher,
    private readonly resetTokens: SingleUseTokens,
    private readonly limits: EmailRequestLimits,
    private readonly sessions: Pick<Sessions, 'start' | 'endAll'>,
    private readonly counters: Pick<SignInCounters, 'clearAccount'>,
    private readonly guard: Pick<SignInGuard, 'assertMayTry' | 'failed' | 'succeeded'>,
    private readonly appUrl: string,
  ) {}

  /** E-mails a single-use reset link when the account exists; the caller learns nothing either way. */
  async forgot(email: string): Promise<void> {
    await this.limits.consumeEmailRequest('password-reset', email);
    const user = await this.users.findByEmail(email);
    if (!user || user.status !== 'active') return;
    const { token, expiresAt } = await this.resetTokens.issue(user.id);
    const resetUrl = `${this.appUrl.replace(/\/$/, '')}/reset-password?token=${encodeURIComponent(token)}`;
    await this.users.update(user.id, { passwordResetRequestedAt: new Date() }, [
      domainEvent('auth.password-reset-requested', user.id, {
        userId: user.id,
        email: user.email,
        resetUrl,
        expiresAt: expiresAt.toISOString(),
      }),
    ]);
  }

  /**
   * Sets a new password from a reset link and ends every session. Following the link proves the
   * address, so an unverified account becomes verified and its failed sign-ins are forgotten.
   */
  async reset(token: string, newPassword: string): Promise<void> {
    const userId = await this.resetTokens.consume(token);
    const user = userId ? await this.users.findById(userId) : null;
    if (!user) {
      throw AppError.invalid(
        'token: this reset link is invalid, expired or already used. Request a new one.',
        'token',
      );
    }
    if (user.status !== 'active') throw suspended();
    const passwordHash = await this.hasher.hash(newPassword);
    const events = user.emailVerified
      ? []
      : [domainEvent('user.email-verified', user.id, { userId: user.id, email: user.email })];
    await this.users.update(
      user.id,
      { passwordHash, emailVerified: true, passwordChangedAt: new Date() },
      events,
    );
    await this.sessions.endAll(user.id);
    await this.counters.clearAccount(accountRef(user.email));
  }

  /**
   * Changes the password, ends every other session and starts a fresh one for the caller. The
   * current password is checked like a sign-in (`address` is the caller's), so a stolen session
   * cannot be used to guess it faster than the sign-in page allows.
   */
  async change(
    userId: string,
    currentPassword: string,
    newPassword: string,
    address: string,
  ): Promise<IssuedSession> {
    const user = await this.users.findById(userId);
    if (!user) throw AppError.unauthorized();
    if (!user.passwordHash) {
      throw AppError.invalid(
        'currentPassword: this account has no password yet. Use "Forgot password" to set one.',
        'currentPassword',
      );
    }
    await this.guard.assertMayTry(user.email, address);
    if (!(await this.hasher.verify(user.passwordHash, currentPassword))) {
      await this.guard.failed(user.email, address);
      throw AppError.invalid('currentPassword: is incorrect', 'currentPassword');
    }
    await this.guard.succeeded(user.email, address);
    if (currentPassword === newPassword) {
      throw AppError.invalid(
        'newPassword: must be different from the current password',
        'newPassword',
      );
    }
    const passwordHash = await this.hasher.hash(newPassword);
    // Only if nobody changed it meanwhile: two concurrent changes cannot both win.
    const changed = await this.users.update(
      user.id,
      { passwordHash, passwordChangedAt: new Date() },
      [],
      { passwordHash: user.passwordHash },
    );
    if (!changed) throw AppError.conflict('The password was changed meanwhile. Please try again.');
    await this.sessions.endAll(user.id);
    return this.sessions.start(user.id);
  }
}
