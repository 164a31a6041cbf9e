import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { AppError } from '@swapbooth/service-kit';
import type {
  AccessRevocation,
  AccessTokenIssuer,
  IssuedAccess,
  RefreshTokenRepository,
} from './ports';
import type { UserRepository } from './user-repository';

/** What a sign-in hands to the client: an access token for the body, a refresh token for the cookie. */
export interface IssuedSession {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  refreshExpiresAt: Date;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Access tokens, rotating refresh tokens with reuse detection, and ending sessions. */
export class Sessions {
  constructor(
    private readonly signer: AccessTokenIssuer,
    private readonly refreshTokens: RefreshTokenRepository,
    private readonly users: Pick<UserRepository, 'findById'>,
    private readonly revocation: AccessRevocation,
    private readonly settings: { refreshTtlDays: number; accessTtlSeconds: number },
  ) {}

  /** Starts a new session (a new refresh-token family). */
  start(userId: string): Promise<IssuedSession> {
    return this.issue(userId, randomUUID());
  }

  /**
   * Trades a refresh token for a new pair. A token that was already used means it leaked: the whole
   * family is revoked, including the access tokens issued with it.
   */
  async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
    if (!refreshToken) throw AppError.unauthorized('No refresh token');
    const hash = hashOf(refreshToken);
    const used = await this.refreshTokens.use(hash);
    if (!used) {
      const known = await this.refreshTokens.find(hash);
      if (known?.usedAt && !known.revokedAt) {
        await this.revokeFamily(known.familyId);
        throw AppError.unauthorized(
          'This refresh token was already used, so every session it belongs to has been ended. Please sign in again.',
        );
      }
      throw AppError.unauthorized('Session expired. Please sign in again.');
    }
    const user = await this.users.findById(used.userId);
    if (!user || user.status !== 'active') {
      await this.revokeFamily(used.familyId);
      throw AppError.unauthorized('This account cannot sign in. Please contact support.');
    }
    const next = await this.issue(used.userId, used.familyId);
    // A reuse detected between our use and our insert revoked the family: the successor goes too.
    if (await this.refreshTokens.isFamilyRevoked(used.familyId)) {
      await this.revokeFamily(used.familyId);
      throw AppError.unauthorized('Session ended. Please sign in again.');
    }
    return next;
  }

  /** Ends one session: the access token presented (if any) and the refresh family of the cookie. */
  async end(access: IssuedAccess | undefined, refreshToken: string | undefined): Promise<void> {
    if (access) await this.revocation.revoke(access);
    if (refreshToken) {
      const known = await this.refreshTokens.find(hashOf(refreshToken));
      if (known) await this.revokeFamily(known.familyId);
    }
  }

  /** Ends every session of a user (password change, reset, suspension). */
  async endAll(userId: string): Promise<void> {
    await this.revocation.revokeAllOf(userId, this.settings.accessTtlSeconds);
    await this.refreshTokens.revokeAllOfUser(userId);
  }

  private async issue(userId: string, familyId: string): Promise<IssuedSession> {
    const access = await this.signer.sign(userId);
    const refreshToken = randomBytes(32).toString('base64url');
    const refreshExpiresAt = new Date(Date.now() + this.settings.refreshTtlDays * 86_400_000);
    await this.refreshTokens.insert({
      hash: hashOf(refreshToken),
      familyId,
      userId,
      expiresAt: refreshExpiresAt,
      accessJti: access.jti,
      accessExpiresAt: access.expiresAt,
    });
    return {
      accessToken: access.token,
      expiresIn: access.expiresIn,
      refreshToken,
      refreshExpiresAt,
    };
  }

  private async revokeFamily(familyId: string): Promise<void> {
    const live = await this.refreshTokens.revokeFamily(familyId);
    await Promise.all(live.map((a) => this.revocation.revoke(a)));
  }
}
