import { allTopics, eventSchemas, topicOf, type EventType } from '@swapbooth/contracts';
import type { HandlerMap, Subscription } from '@swapbooth/event-bus';
import type { AdminDeps } from '../deps';
import { projectionHandlers } from './projection-handlers';

/**
 * Admin consumes every topic: each event bumps its type's counter, and the events the dashboard,
 * users, listings, subscriptions and reports screens read update the projection. The consumer
 * records processed event ids, so a re-delivered event is applied once.
 */
export const subscriptions = (deps: AdminDeps): Subscription[] => {
  const project = projectionHandlers(deps.projections);
  return allTopics.map((topic) => {
    const handlers: HandlerMap = {};
    for (const type of Object.keys(eventSchemas) as EventType[]) {
      if (topicOf(type) !== topic) continue;
      const apply = project[type];
      (handlers as Record<string, (e: never) => Promise<void>>)[type] = async (e) => {
        const event = e as { type: string; occurredAt: string };
        if (apply) await apply(e);
        await deps.counters.increment(event.type, new Date(event.occurredAt));
      };
    }
    return { topic, handlers };
  });
};
