import { allTopics, eventSchemas, topicOf, type EventType } from '@swapbooth/contracts';
import type { HandlerMap, Subscription } from '@swapbooth/event-bus';
import type { ServiceContext } from '@swapbooth/runtime';
import { EventCountersRepository } from '../data/dashboard/event-counters.repository';

/**
 * Admin consumes every topic: each event bumps its type's counter on the dashboard.
 * The consumer records processed event ids, so a re-delivered event is counted once.
 */
export const subscriptions = (ctx: ServiceContext): Subscription[] => {
  const counters = new EventCountersRepository(ctx.conn);
  const count = async (e: { type: string; occurredAt: string }) =>
    counters.increment(e.type, new Date(e.occurredAt));
  return allTopics.map((topic) => {
    const handlers: HandlerMap = {};
    for (const type of Object.keys(eventSchemas) as EventType[]) {
      if (topicOf(type) === topic) (handlers as Record<string, typeof count>)[type] = count;
    }
    return { topic, handlers };
  });
};
