import type { Logger } from '@swapbooth/service-kit';
import type { PaymentDirectory } from '../domain/ports';

/**
 * Calls `${baseUrl}/api/user-stripe-data/{userId}` with the caller's Authorization header.
 * Any failure (down, slow, 404, malformed) yields `{}`: the profile still loads, with no invented data.
 */
export function paymentDirectory(
  baseUrl: string,
  timeoutMs: number,
  logger: Logger,
): PaymentDirectory {
  return {
    async stripeData(userId, authorization) {
      try {
        const res = await fetch(`${baseUrl}/api/user-stripe-data/${encodeURIComponent(userId)}`, {
          headers: authorization ? { authorization } : {},
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) return {};
        const body = (await res.json()) as { data?: unknown };
        const data = body?.data;
        return data && typeof data === 'object' && !Array.isArray(data)
          ? (data as Record<string, unknown>)
          : {};
      } catch (err) {
        logger.debug({ err: (err as Error).message }, 'payment data unavailable');
        return {};
      }
    },
  };
}
