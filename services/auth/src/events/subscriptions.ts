import { Topics } from '@swapbooth/contracts';
import type { Subscription } from '@swapbooth/event-bus';
import type { AuthDeps } from '../deps';
import { onBoothChanged } from './on-booth-changed';

/** Every topic the auth service consumes, in one list. */
export const subscriptions = (deps: AuthDeps): Subscription[] => {
  const boothChanged = onBoothChanged(deps.profiles);
  return [
    {
      topic: Topics.booth,
      handlers: { 'booth.created': boothChanged, 'booth.updated': boothChanged },
    },
  ];
};
