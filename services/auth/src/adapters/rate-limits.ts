import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@swapbooth/service-kit';
import type { EmailPurpose, EmailRequestLimits, SignInFailures } from '../domain/ports';

export interface RateLimitSettings {
  emailRequestsPerWindow: number;
  emailRequestWindowSeconds: number;
  loginFailuresPerHour: number;
}

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** Per-address limits kept in Redis, shared by every replica. */
export class RateLimits implements EmailRequestLimits, SignInFailures {
  private readonly emailRequests: RateLimiterRedis;
  private readonly loginFailures: RateLimiterRedis;

  constructor(
    redis: Redis,
    private readonly settings: RateLimitSettings,
  ) {
    this.emailRequests = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'rl:email-request',
      points: settings.emailRequestsPerWindow,
      duration: settings.emailRequestWindowSeconds,
    });
    this.loginFailures = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'rl:login-failure',
      points: settings.loginFailuresPerHour,
      duration: 3600,
    });
  }

  /** Counts one e-mail sent to this address for this purpose; 429 once the window is used up. */
  async consumeEmailRequest(kind: EmailPurpose, email: string): Promise<void> {
    try {
      await this.emailRequests.consume(`${kind}:${email}`);
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        throw AppError.rateLimited(
          'Too many e-mails requested for this address. Please wait before asking again.',
          retryAfter(err),
        );
      }
      throw err;
    }
  }

  /** 429 once an account has had too many failed sign-ins this hour. */
  async assertLoginAllowed(email: string): Promise<void> {
    const res = await this.loginFailures.get(email);
    if (res && res.consumedPoints >= this.settings.loginFailuresPerHour) {
      throw AppError.rateLimited(
        'Too many failed sign-in attempts for this account. Try again later or reset your password.',
        retryAfter(res),
      );
    }
  }

  async recordLoginFailure(email: string): Promise<void> {
    await this.loginFailures.penalty(email, 1);
  }

  async clearLoginFailures(email: string): Promise<void> {
    await this.loginFailures.delete(email);
  }
}
