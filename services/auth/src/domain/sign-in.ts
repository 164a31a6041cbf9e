import { randomUUID } from 'node:crypto';
import { AppError } from '@swapbooth/service-kit';
import { suspended } from './account-errors';
import type { EmailVerification } from './email-verification';
import { domainEvent } from '@swapbooth/event-bus';
import type { IssuedSession, Sessions } from './sessions';
import type {
  GoogleIdentity,
  GoogleProfile,
  PasswordHasher,
  SignInCounters,
  ThrottledDay,
} from './ports';
import type { SignInGuard } from './sign-in-guard';
import type { User } from './user';
import type { UserRepository } from './user-repository';

export type SignedIn = { kind: 'signed-in'; user: User; session: IssuedSession };
export type LoginOutcome = SignedIn | { kind: 'verify-email'; email: string; codeSent: boolean };

export type GoogleCredential =
  { idToken: string } | { code: string; codeVerifier?: string; redirectUri?: string };

const badCredentials = () => AppError.unauthorized('Incorrect e-mail or password');

/** Password and Google sign-in. */
export class SignIn {
  constructor(
    private readonly users: Pick<
      UserRepository,
      'findById' | 'findByEmail' | 'findByGoogleId' | 'create' | 'update'
    >,
    private readonly hasher: Pick<PasswordHasher, 'verify'>,
    private readonly guard: Pick<SignInGuard, 'assertMayTry' | 'failed' | 'succeeded'>,
    private readonly counters: Pick<SignInCounters, 'throttledReport'>,
    private readonly verification: Pick<EmailVerification, 'sendCode'>,
    private readonly sessions: Pick<Sessions, 'start'>,
    private readonly google: Pick<GoogleIdentity, 'fromIdToken' | 'fromAuthCode'>,
  ) {}

  /** `address` is where the attempt comes from (the client's IP), for the throttle. */
  async withPassword(email: string, password: string, address: string): Promise<LoginOutcome> {
    await this.guard.assertMayTry(email, address);
    const found = await this.users.findByEmail(email);
    const user = found && found.status !== 'deleted' ? found : null;
    if (!(await this.hasher.verify(user?.passwordHash, password)) || !user) {
      await this.guard.failed(email, address);
      throw badCredentials();
    }
    await this.guard.succeeded(email, address);
    if (user.status !== 'active') throw suspended();
    if (!user.emailVerified) {
      let codeSent = true;
      try {
        await this.verification.sendCode(user);
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== 'rate_limited') throw err;
        codeSent = false;
      }
      return { kind: 'verify-email', email: user.email, codeSent };
    }
    return { kind: 'signed-in', user, session: await this.sessions.start(user.id) };
  }

  /** Refused sign-ins per day (newest first) with the accounts refused most: how admins see an attack. */
  throttledReport(days: number): Promise<ThrottledDay[]> {
    return this.counters.throttledReport(days, 10);
  }

  /** Signs in with Google, creating the account or linking it to one with the same verified e-mail. */
  async withGoogle(credential: GoogleCredential): Promise<SignedIn> {
    const profile =
      'idToken' in credential
        ? await this.google.fromIdToken(credential.idToken)
        : await this.google.fromAuthCode(
            credential.code,
            credential.codeVerifier,
            credential.redirectUri,
          );
    if (!profile.emailVerified) {
      throw AppError.unauthorized('Your Google account has no verified e-mail address');
    }
    const user = await this.accountFor(profile);
    if (user.status !== 'active') throw suspended();
    return { kind: 'signed-in', user, session: await this.sessions.start(user.id) };
  }

  private async accountFor(profile: GoogleProfile, retried = false): Promise<User> {
    const byGoogle = await this.users.findByGoogleId(profile.googleId);
    if (byGoogle) return byGoogle;
    const byEmail = await this.users.findByEmail(profile.email);
    if (byEmail) return this.link(byEmail, profile);
    const id = randomUUID();
    const created = await this.users.create(
      {
        id,
        email: profile.email,
        emailVerified: true,
        googleId: profile.googleId,
        authMethod: 'google',
        profile: {
          ...(profile.firstName ? { firstName: profile.firstName } : {}),
          ...(profile.lastName ? { lastName: profile.lastName } : {}),
          ...(profile.picture ? { profileImage: profile.picture } : {}),
        },
      },
      [
        domainEvent('user.registered', id, {
          userId: id,
          email: profile.email,
          authMethod: 'google',
        }),
        domainEvent('user.email-verified', id, { userId: id, email: profile.email }),
      ],
    );
    if (created === 'duplicate' && !retried) return this.accountFor(profile, true);
    if (created === 'duplicate') throw AppError.conflict('Please try signing in again');
    return (await this.users.findById(id))!;
  }

  /**
   * Links Google to an existing account with the same address. Google has proven the address, so an
   * unverified account becomes verified, and any password set before that proof is dropped (it may
   * have been set by someone who never owned the address).
   */
  private async link(user: User, profile: GoogleProfile): Promise<User> {
    if (user.googleId && user.googleId !== profile.googleId) {
      throw AppError.conflict('This e-mail is already linked to another Google account');
    }
    const events = user.emailVerified
      ? []
      : [domainEvent('user.email-verified', user.id, { userId: user.id, email: user.email })];
    await this.users.update(
      user.id,
      { googleId: profile.googleId, emailVerified: true },
      events,
      {},
      user.emailVerified ? [] : ['passwordHash'],
    );
    return (await this.users.findById(user.id))!;
  }
}
