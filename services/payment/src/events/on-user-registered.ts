import type { EventEnvelope } from '@swapbooth/contracts';
import type { PaymentDeps } from '../deps';

/** A new member gets their payment customer (once: the provider call is idempotent per member). */
export const onUserRegistered =
  (deps: PaymentDeps) =>
  async ({ data }: EventEnvelope<'user.registered'>): Promise<void> => {
    await deps.payments.ensureCustomer(data.userId, data.email);
  };
