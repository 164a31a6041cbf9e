import type { EventEnvelope } from '@swapbooth/contracts';
import type { EmailDelivery } from '../domain/email-delivery';
import { passwordResetEmail } from '../adapters/mail/templates/password-reset';

/** auth.password-reset-requested → the reset-link e-mail. */
export const onPasswordResetRequested =
  (delivery: EmailDelivery) =>
  async (e: EventEnvelope<'auth.password-reset-requested'>): Promise<void> => {
    await delivery.deliverOnce(e.id, 'password-reset', passwordResetEmail(e));
  };
