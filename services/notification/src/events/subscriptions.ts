import { Topics } from '@swapbooth/contracts';
import type { Subscription } from '@swapbooth/event-bus';
import type { EmailDelivery } from '../domain/email-delivery';
import { onOtpRequested } from './on-otp-requested';
import { onPasswordResetRequested } from './on-password-reset-requested';
import { onSignInLinkRequested } from './on-sign-in-link-requested';

/** Every topic the notification service consumes, in one list. */
export const subscriptions = (delivery: EmailDelivery): Subscription[] => [
  {
    topic: Topics.authEmail,
    handlers: {
      'auth.otp-requested': onOtpRequested(delivery),
      'auth.password-reset-requested': onPasswordResetRequested(delivery),
      'auth.sign-in-link-requested': onSignInLinkRequested(delivery),
    },
  },
];
