import type { Subscription } from '@swapbooth/event-bus';

/** Every topic the exchange service consumes, in one list. */
export const subscriptions = (): Subscription[] => [];
