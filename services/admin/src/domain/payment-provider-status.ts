import { AppError } from '@swapbooth/service-kit';
import type { Actor, ModerationDeps } from './moderation';

/** GET /api/admin/test-stripe: whether the payment provider answers, and in which mode. */
export async function paymentProviderStatus(
  deps: Pick<ModerationDeps, 'calls'>,
  actor: Pick<Actor, 'token'>,
) {
  try {
    const answer = (await deps.calls.providerStatus(actor.token)) as
      Record<string, unknown> | undefined;
    return { reachable: true, ...(answer ?? {}) };
  } catch (err) {
    if (err instanceof AppError && err.details?.missingRoute) {
      throw AppError.unavailable(
        'The payment service does not report its provider yet (GET /internal/provider)',
      );
    }
    throw err;
  }
}
