import { z } from 'zod';
import { Topics, type TopicName } from '../topics';
import { authEmailEvents, userEvents } from './user-events';
import { memberEvents } from './member-events';
import { catalogEvents } from './catalog-events';
import { exchangeEvents } from './exchange-events';
import { circleEvents } from './circle-events';
import { disputeEvents } from './dispute-events';
import { chatEvents } from './chat-events';
import { paymentEvents } from './payment-events';
import { adminEvents } from './admin-events';
import { savedSearchEvents } from './saved-search-events';

/** Every event type with its payload schema: the one place an event name and its payload meet. */
export const eventSchemas = {
  ...userEvents,
  ...memberEvents,
  ...authEmailEvents,
  ...catalogEvents,
  ...exchangeEvents,
  ...circleEvents,
  ...disputeEvents,
  ...chatEvents,
  ...paymentEvents,
  ...adminEvents,
  ...savedSearchEvents,
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventMap = { [K in EventType]: z.infer<(typeof eventSchemas)[K]> };
export type EventData<K extends EventType> = EventMap[K];

/** Which topic carries each event type (message key = aggregate id, so order holds per aggregate). */
export const topicOf = (type: EventType): TopicName => {
  if (type.startsWith('auth.')) return Topics.authEmail;
  const prefix = type.slice(0, type.indexOf('.'));
  switch (prefix) {
    case 'user':
    case 'member':
      return Topics.user;
    case 'product':
      return Topics.product;
    case 'booth':
      return Topics.booth;
    case 'report':
      return Topics.report;
    // A dispute is about one exchange: its events follow the proposal's on the same topic.
    case 'proposal':
    case 'dispute':
      return Topics.proposal;
    case 'rating':
      return Topics.rating;
    case 'circle':
      return Topics.circle;
    case 'chat':
      return Topics.chat;
    case 'subscription':
      return Topics.subscription;
    case 'identity':
      return Topics.identity;
    case 'admin':
      return Topics.admin;
    case 'saved-search':
      return Topics.savedSearch;
    default:
      throw new Error(`No topic for event type ${type}`);
  }
};

export const isEventType = (type: string): type is EventType => type in eventSchemas;
