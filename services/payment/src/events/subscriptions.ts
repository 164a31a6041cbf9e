import { Topics } from '@swapbooth/contracts';
import type { Subscription } from '@swapbooth/event-bus';
import type { PaymentDeps } from '../deps';
import { onUserRegistered } from './on-user-registered';

/** Every topic the payment service consumes, in one list. Handlers are safe to run twice. */
export const subscriptions = (deps: PaymentDeps): Subscription[] => [
  { topic: Topics.user, handlers: { 'user.registered': onUserRegistered(deps) } },
];
