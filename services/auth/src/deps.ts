import { createHash } from 'node:crypto';
import type { ServiceContext } from '@swapbooth/runtime';
import { argon2Hasher } from '@swapbooth/service-kit';
import { readPrivateKey, type AuthConfig } from './config';
import { AccessTokenSigner } from './adapters/access-tokens';
import { DurableAccessRevocation, RevocationRestorer } from './adapters/revocations';
import { googleIdentity } from './adapters/google-identity';
import { paymentDirectory } from './adapters/payment-client';
import { RateLimits } from './adapters/rate-limits';
import { RedisSignInCounters } from './adapters/sign-in-counters';
import { OtpStore } from './data/codes/otp.store';
import { ResetTokenStore, signInLinkKey } from './data/codes/reset-token.store';
import { BlocksRepository } from './data/blocks/blocks.repository';
import { FollowsRepository } from './data/follows/follows.repository';
import { RefreshTokensRepository } from './data/refresh-tokens/refresh-tokens.repository';
import { RevocationsRepository } from './data/revocations/revocations.repository';
import { UsersRepository } from './data/users/users.repository';
import { AccountStatus } from './domain/account-status';
import { Addresses } from './domain/addresses';
import { Blocking } from './domain/blocking';
import { EmailVerification } from './domain/email-verification';
import { Following } from './domain/following';
import { Passwords } from './domain/passwords';
import type { GoogleIdentity } from './domain/ports';
import { Profiles } from './domain/profiles';
import { Sessions } from './domain/sessions';
import { SignIn } from './domain/sign-in';
import { SignInGuard } from './domain/sign-in-guard';
import { SignInLinks } from './domain/sign-in-link';
import type { SignInThrottleSettings } from './domain/sign-in-throttle';
import { SignUp } from './domain/sign-up';

export type AuthContext = ServiceContext<AuthConfig>;

export interface AuthDepsOptions {
  /** Replaces Google's signing certificates (kid → PEM). */
  googleCerts?: () => Promise<Record<string, string>>;
}

/** Everything the routes need, wired once from the service context. */
export interface AuthDeps {
  ctx: AuthContext;
  google: GoogleIdentity;
  signUp: SignUp;
  signIn: SignIn;
  signInLinks: SignInLinks;
  verification: EmailVerification;
  sessions: Sessions;
  passwords: Passwords;
  profiles: Profiles;
  addresses: Addresses;
  following: Following;
  blocking: Blocking;
  accountStatus: AccountStatus;
  refreshTokens: RefreshTokensRepository;
  revocations: RevocationsRepository;
  /** Writes the deny-list back to Redis when Redis has lost it. */
  revocationRestorer: RevocationRestorer;
}

export function buildDeps(ctx: AuthContext, opts: AuthDepsOptions = {}): AuthDeps {
  const c = ctx.config;
  const privateKey = readPrivateKey(c);
  const kick = ctx.eventsWritten;
  const users = new UsersRepository(ctx.conn, kick);
  const follows = new FollowsRepository(ctx.conn, kick);
  const blocks = new BlocksRepository(ctx.conn, kick);
  const refreshTokens = new RefreshTokensRepository(ctx.conn);
  const revocations = new RevocationsRepository(ctx.conn);
  const hasher = argon2Hasher();
  const limits = new RateLimits(ctx.redis, {
    emailRequestsPerWindow: c.EMAIL_REQUESTS_PER_WINDOW,
    emailRequestWindowSeconds: c.EMAIL_REQUEST_WINDOW_SECONDS,
  });
  const throttle: SignInThrottleSettings = {
    failuresBeforeDelay: c.SIGN_IN_FAILURES_BEFORE_DELAY,
    delayBaseMs: c.SIGN_IN_DELAY_BASE_MS,
    delayMaxMs: c.SIGN_IN_DELAY_MAX_SECONDS * 1000,
    consecutiveFailuresPerAddress: c.SIGN_IN_CONSECUTIVE_FAILURES,
    addressBlockMs: c.SIGN_IN_ADDRESS_BLOCK_SECONDS * 1000,
    failuresPerAddressPerDay: c.SIGN_IN_FAILURES_PER_ADDRESS_PER_DAY,
    failuresPerAccountPerHour: c.SIGN_IN_FAILURES_PER_ACCOUNT_PER_HOUR,
  };
  const signInCounters = new RedisSignInCounters(ctx.redis, throttle);
  // Each refused attempt also counts in the process's metrics.
  const guard = new SignInGuard(
    {
      read: (account, address) => signInCounters.read(account, address),
      recordFailure: (account, address) => signInCounters.recordFailure(account, address),
      clearAddress: (account, address) => signInCounters.clearAddress(account, address),
      recordThrottled: (account) => {
        ctx.metrics.signInThrottles.inc();
        return signInCounters.recordThrottled(account);
      },
    },
    throttle,
    ctx.logger,
  );
  // Every replica holds the signing key, so the code-hashing secret can derive from it.
  const otpSecret = createHash('sha256').update(`otp-hmac\n${privateKey}`).digest('hex');
  const codes = new OtpStore(ctx.redis, otpSecret, c.OTP_TTL_SECONDS, c.OTP_MAX_ATTEMPTS);
  const resetTokens = new ResetTokenStore(ctx.redis, c.PASSWORD_RESET_TTL_SECONDS);
  const signInLinkTokens = new ResetTokenStore(
    ctx.redis,
    c.SIGN_IN_LINK_TTL_SECONDS,
    signInLinkKey,
  );
  const signer = new AccessTokenSigner(
    {
      privateKey,
      issuer: c.JWT_ISSUER,
      audience: c.JWT_AUDIENCE,
      ttlSeconds: c.ACCESS_TOKEN_TTL_SECONDS,
    },
    ctx.redis,
  );
  const sessions = new Sessions(
    signer,
    refreshTokens,
    users,
    new DurableAccessRevocation(ctx.redis, revocations),
    {
      refreshTtlDays: c.REFRESH_TOKEN_TTL_DAYS,
      accessTtlSeconds: c.ACCESS_TOKEN_TTL_SECONDS,
    },
  );
  const google = googleIdentity(
    {
      ...(c.GOOGLE_CLIENT_ID ? { clientId: c.GOOGLE_CLIENT_ID } : {}),
      ...(c.GOOGLE_CLIENT_SECRET ? { clientSecret: c.GOOGLE_CLIENT_SECRET } : {}),
      redirectUri: c.GOOGLE_REDIRECT_URI,
      ...(c.GOOGLE_TOKEN_URL ? { tokenUrl: c.GOOGLE_TOKEN_URL } : {}),
      ...(opts.googleCerts ? { certs: opts.googleCerts } : {}),
    },
    ctx.logger,
  );
  const verification = new EmailVerification(users, codes, limits);
  return {
    ctx,
    google,
    signUp: new SignUp(users, hasher, verification),
    signIn: new SignIn(users, hasher, guard, signInCounters, verification, sessions, google),
    signInLinks: new SignInLinks(
      users,
      signInLinkTokens,
      limits,
      signInCounters,
      sessions,
      c.APP_URL,
    ),
    verification,
    sessions,
    passwords: new Passwords(
      users,
      hasher,
      resetTokens,
      limits,
      sessions,
      signInCounters,
      guard,
      c.APP_URL,
    ),
    profiles: new Profiles(
      users,
      paymentDirectory(c.PAYMENT_URL, c.PAYMENT_TIMEOUT_MS, ctx.logger),
    ),
    addresses: new Addresses(users),
    following: new Following(follows, users, blocks),
    blocking: new Blocking(blocks, follows, users),
    accountStatus: new AccountStatus(users, sessions),
    refreshTokens,
    revocations,
    revocationRestorer: new RevocationRestorer(ctx.redis, revocations, ctx.logger),
  };
}
