import type { EventEnvelope } from '@swapbooth/contracts';
import type { EmailDelivery } from '../domain/email-delivery';
import { signInLinkEmail } from '../adapters/mail/templates/sign-in-link';

/** auth.sign-in-link-requested → the one-time sign-in link e-mail. */
export const onSignInLinkRequested =
  (delivery: EmailDelivery) =>
  async (e: EventEnvelope<'auth.sign-in-link-requested'>): Promise<void> => {
    await delivery.deliverOnce(e.id, 'sign-in-link', signInLinkEmail(e));
  };
