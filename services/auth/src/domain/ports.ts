import type { DomainEvent } from '@swapbooth/event-bus';
import type { SignInRecord } from './sign-in-throttle';

/*
 * What the use cases need from the outside world, in their own terms. `data/` and `adapters/`
 * implement these; `deps.ts` wires them. Each use case takes only the methods it calls.
 */

/** Hashes and checks passwords (argon2id, shared with admin, in service-kit). */
export type { PasswordHasher } from '@swapbooth/service-kit';

/** A signed member access token. */
export interface AccessToken {
  token: string;
  jti: string;
  /** Seconds since epoch. */
  expiresAt: number;
  expiresIn: number;
}

export interface AccessTokenIssuer {
  sign(userId: string): Promise<AccessToken>;
}

/** An access token to refuse from now until it expires. */
export interface IssuedAccess {
  jti: string;
  /** Seconds since epoch. */
  expiresAt: number;
}

/** The deny-list every service checks access tokens against. */
export interface AccessRevocation {
  revoke(access: IssuedAccess): Promise<void>;
  /** Every access token the user holds now (they live at most `ttlSeconds`). */
  revokeAllOf(userId: string, ttlSeconds: number): Promise<void>;
}

export interface RefreshTokenRecord {
  hash: string;
  familyId: string;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
  accessJti: string;
  accessExpiresAt: number;
}

/** Refresh tokens, kept by the hash of their value. */
export interface RefreshTokenRepository {
  insert(r: Omit<RefreshTokenRecord, 'usedAt' | 'revokedAt'>): Promise<void>;
  /** Marks a live token used (only one caller wins); null if it was not live. */
  use(hash: string): Promise<RefreshTokenRecord | null>;
  find(hash: string): Promise<RefreshTokenRecord | null>;
  isFamilyRevoked(familyId: string): Promise<boolean>;
  /** Revokes a family; returns the access tokens issued with it that are still live. */
  revokeFamily(familyId: string): Promise<IssuedAccess[]>;
  revokeAllOfUser(userId: string): Promise<IssuedAccess[]>;
}

export interface FollowPage {
  userIds: string[];
  total: number;
}

/** Follower → followed pairs; each change stores its event in the same write. */
export interface FollowRepository {
  /** False when already following (nothing written). */
  follow(followerId: string, followingId: string, event: DomainEvent): Promise<boolean>;
  /** False when not following (nothing written). */
  unfollow(followerId: string, followingId: string, event: DomainEvent): Promise<boolean>;
  isFollowing(followerId: string, followingId: string): Promise<boolean>;
  countFollowers(userId: string): Promise<number>;
  countFollowing(userId: string): Promise<number>;
  /** Who follows userId, newest first. */
  followers(userId: string, skip: number, limit: number): Promise<FollowPage>;
  /** Whom userId follows, newest first. */
  following(userId: string, skip: number, limit: number): Promise<FollowPage>;
}

/** One member's block of another, as auth keeps it. */
export interface BlockRecord {
  blockerId: string;
  blockedId: string;
  since: Date;
}

/** Blocker → blocked pairs; each change stores its event (built from the pair's next version). */
export interface BlockRepository {
  /** False when already blocked (nothing written). */
  block(
    blockerId: string,
    blockedId: string,
    event: (version: number) => DomainEvent,
  ): Promise<boolean>;
  /** False when not blocked (nothing written). */
  unblock(
    blockerId: string,
    blockedId: string,
    event: (version: number) => DomainEvent,
  ): Promise<boolean>;
  isBlocking(blockerId: string, blockedId: string): Promise<boolean>;
  /** Whether either member blocks the other. */
  blockedEitherWay(a: string, b: string): Promise<boolean>;
  /** Whom blockerId blocks, newest first. */
  blockedBy(
    blockerId: string,
    skip: number,
    limit: number,
  ): Promise<{ blocks: BlockRecord[]; total: number }>;
}

export type OtpCheck =
  | { result: 'ok'; userId: string }
  | { result: 'wrong'; attemptsLeft: number }
  | { result: 'locked' }
  | { result: 'missing' };

/** The 6-digit e-mail codes: expiring, single use, locked after too many misses. */
export interface OneTimeCodes {
  /** Replaces any previous code for this address. */
  issue(email: string, userId: string): Promise<{ code: string; expiresAt: Date }>;
  check(email: string, code: string): Promise<OtpCheck>;
}

/** Single-use secrets e-mailed as links (password reset, sign-in link); one live token per user. */
export interface SingleUseTokens {
  issue(userId: string): Promise<{ token: string; expiresAt: Date }>;
  /** The token's user id, or null if unknown, expired, replaced or used. */
  consume(token: string): Promise<string | null>;
}

export type EmailPurpose = 'otp' | 'password-reset' | 'sign-in-link';

/** How often one address may be sent e-mails; throws 429 (AppError) once used up. */
export interface EmailRequestLimits {
  consumeEmailRequest(purpose: EmailPurpose, email: string): Promise<void>;
}

/** Failed and refused sign-ins, per account, per account and address, and per address. */
export interface SignInCounters {
  read(account: string, address: string): Promise<SignInRecord>;
  recordFailure(account: string, address: string): Promise<void>;
  /** A right password from this address: its run of failures for the account ends. */
  clearAddress(account: string, address: string): Promise<void>;
  /** The owner proved themselves (e-mailed link, password reset): the account starts afresh. */
  clearAccount(account: string): Promise<void>;
  /** Counts an attempt that was refused, for the admins' report. */
  recordThrottled(account: string): Promise<void>;
  /** Refused attempts per day, newest first, with the accounts refused most. */
  throttledReport(days: number, topAccounts: number): Promise<ThrottledDay[]>;
}

export interface ThrottledDay {
  /** UTC date, YYYY-MM-DD. */
  date: string;
  throttled: number;
  accounts: Array<{ account: string; throttled: number }>;
}

/** What a verified Google identity tells us about the person signing in. */
export interface GoogleProfile {
  googleId: string;
  email: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  picture?: string;
}

export interface GoogleIdentity {
  readonly enabled: boolean;
  readonly clientId: string | undefined;
  /** Verifies a Google ID token (signature, audience, issuer, expiry). */
  fromIdToken(idToken: string): Promise<GoogleProfile>;
  /** Exchanges an authorization code (PKCE) for tokens and verifies the ID token it returns. */
  fromAuthCode(code: string, codeVerifier?: string, redirectUri?: string): Promise<GoogleProfile>;
}

/** A member's payment data (customer id, identity verification), owned by the payment service. */
export interface PaymentDirectory {
  /** `{}` whenever the payment service cannot say. */
  stripeData(userId: string, authorization: string | undefined): Promise<Record<string, unknown>>;
}
