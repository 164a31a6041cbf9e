/**
 * Kafka topic names, one per aggregate.
 * NEVER rename a topic without a migration: consumers' offsets and retained events live under these names.
 */
export const Topics = {
  user: 'swapbooth.auth.user.v1',
  authEmail: 'swapbooth.auth.email-request.v1',
  product: 'swapbooth.catalog.product.v1',
  booth: 'swapbooth.catalog.booth.v1',
  report: 'swapbooth.catalog.report.v1',
  proposal: 'swapbooth.exchange.proposal.v1',
  rating: 'swapbooth.exchange.rating.v1',
  circle: 'swapbooth.exchange.circle.v1',
  chat: 'swapbooth.chat.message.v1',
  subscription: 'swapbooth.payment.subscription.v1',
  identity: 'swapbooth.payment.identity.v1',
  admin: 'swapbooth.admin.action.v1',
  savedSearch: 'swapbooth.search.saved-search.v1',
} as const;

export type TopicName = (typeof Topics)[keyof typeof Topics];

/** Dead-letter topic for a topic: messages whose handler kept failing. */
export const deadLetterTopic = (topic: string): string => `${topic}.dlq`;

export const allTopics: readonly TopicName[] = Object.values(Topics);
