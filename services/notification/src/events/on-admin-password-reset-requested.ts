import type { EventEnvelope } from '@swapbooth/contracts';
import type { EmailDelivery } from '../domain/email-delivery';
import { adminPasswordResetEmail } from '../adapters/mail/templates/admin-password-reset';

/** admin.password-reset-requested → the admin's one-time reset-link e-mail. */
export const onAdminPasswordResetRequested =
  (delivery: EmailDelivery) =>
  async (e: EventEnvelope<'admin.password-reset-requested'>): Promise<void> => {
    await delivery.deliverOnce(e.id, 'admin-password-reset', adminPasswordResetEmail(e));
  };
