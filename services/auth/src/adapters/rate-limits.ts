import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { AppError } from '@swapbooth/service-kit';
import type { EmailPurpose, EmailRequestLimits } from '../domain/ports';

export interface RateLimitSettings {
  emailRequestsPerWindow: number;
  emailRequestWindowSeconds: number;
}

const retryAfter = (res: RateLimiterRes) => Math.max(1, Math.ceil(res.msBeforeNext / 1000));

/** How many e-mails each address may be sent, kept in Redis and shared by every replica. */
export class RateLimits implements EmailRequestLimits {
  private readonly emailRequests: RateLimiterRedis;

  constructor(redis: Redis, settings: RateLimitSettings) {
    this.emailRequests = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix: 'rl:email-request',
      points: settings.emailRequestsPerWindow,
      duration: settings.emailRequestWindowSeconds,
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
}
