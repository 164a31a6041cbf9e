import type { ServiceContext, Subscription } from '@swapbooth/event-bus';

/** Every topic the chat service consumes, in one list. */
export const subscriptions = (_ctx: ServiceContext): Subscription[] => [];
