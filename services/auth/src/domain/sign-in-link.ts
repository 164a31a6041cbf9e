import { AppError } from '@swapbooth/service-kit';
import { domainEvent } from '@swapbooth/event-bus';
import { suspended } from './account-errors';
import type { EmailRequestLimits, SignInCounters, SingleUseTokens } from './ports';
import type { Sessions } from './sessions';
import type { SignedIn } from './sign-in';
import { accountRef } from './sign-in-throttle';
import type { UserRepository } from './user-repository';

const invalidLink = () =>
  AppError.invalid(
    'token: this sign-in link is invalid, expired or already used. Request a new one.',
    'token',
  );

/**
 * Signing in with a one-time link e-mailed to the account's address: the owner's way in while
 * sign-in with the password is slowed down, and it clears the failed-sign-in counters.
 */
export class SignInLinks {
  constructor(
    private readonly users: Pick<UserRepository, 'findById' | 'findByEmail' | 'update'>,
    private readonly tokens: SingleUseTokens,
    private readonly limits: EmailRequestLimits,
    private readonly counters: Pick<SignInCounters, 'clearAccount'>,
    private readonly sessions: Pick<Sessions, 'start' | 'endAll'>,
    private readonly appUrl: string,
  ) {}

  /** E-mails a link when an active account exists; the caller learns nothing either way. */
  async request(email: string): Promise<void> {
    await this.limits.consumeEmailRequest('sign-in-link', email);
    const user = await this.users.findByEmail(email);
    if (!user || user.status !== 'active') return;
    const { token, expiresAt } = await this.tokens.issue(user.id);
    const signInUrl = `${this.appUrl.replace(/\/$/, '')}/sign-in-link?token=${encodeURIComponent(token)}`;
    await this.users.update(user.id, { signInLinkRequestedAt: new Date() }, [
      domainEvent('auth.sign-in-link-requested', user.id, {
        userId: user.id,
        email: user.email,
        signInUrl,
        expiresAt: expiresAt.toISOString(),
      }),
    ]);
  }

  /**
   * Uses a link up and starts a session. Following it proves the address, so an unverified account
   * becomes verified, and the account's failed sign-ins are forgotten. A password set before that
   * proof may have been chosen by someone who never owned the address (anyone can register any
   * address): it is dropped, as Google sign-in drops it, and every other session is ended.
   */
  async redeem(token: string): Promise<SignedIn> {
    const userId = await this.tokens.consume(token);
    const user = userId ? await this.users.findById(userId) : null;
    if (!user || user.status === 'deleted') throw invalidLink();
    if (user.status !== 'active') throw suspended();
    let signedIn = user;
    if (!user.emailVerified) {
      await this.users.update(
        user.id,
        { emailVerified: true },
        [domainEvent('user.email-verified', user.id, { userId: user.id, email: user.email })],
        { emailVerified: false },
        ['passwordHash'],
      );
      await this.sessions.endAll(user.id);
      const { passwordHash: _dropped, ...rest } = user;
      signedIn = { ...rest, emailVerified: true };
    }
    await this.counters.clearAccount(accountRef(user.email));
    return { kind: 'signed-in', user: signedIn, session: await this.sessions.start(user.id) };
  }
}
