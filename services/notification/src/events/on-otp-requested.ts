import type { EventEnvelope } from '@swapbooth/contracts';
import type { EmailDelivery } from '../domain/email-delivery';
import { otpCodeEmail } from '../adapters/mail/templates/otp-code';

/** auth.otp-requested → the verification code e-mail. */
export const onOtpRequested =
  (delivery: EmailDelivery) =>
  async (e: EventEnvelope<'auth.otp-requested'>): Promise<void> => {
    await delivery.deliverOnce(e.id, 'otp-code', otpCodeEmail(e));
  };
