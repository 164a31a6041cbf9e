import type { Subscription } from '@swapbooth/event-bus';

/** Every topic the payment service consumes, in one list. */
export const subscriptions = (): Subscription[] => [];
