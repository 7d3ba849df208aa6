import { type EventName, isEventName } from "@tubedigest/contracts";
import type { EventHandler } from "./event-bus.ts";
import type { RetryPolicy } from "./retry-policy.ts";
import type { Subscriptions } from "./subscriptions.ts";
import { isValidNamePart, queueName } from "./topology-names.ts";

/** Subscriptions that cannot work; raised at start-up, before anything is declared or consumed. */
export class SubscriptionError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid subscriptions:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "SubscriptionError";
  }
}

/** One queue as the bus runs it. */
export interface QueuePlan {
  name: string;
  events: readonly EventName[];
  handlers: ReadonlyMap<EventName, EventHandler>;
  retry: RetryPolicy;
  prefetch: number;
}

export interface QueueDefaults {
  retry: RetryPolicy;
  prefetch: number;
}

/**
 * Checks a service's subscriptions and turns them into queue plans. Every problem is reported at once:
 * an event without a handler, a handler without its event, an unknown event, a bad name or policy.
 */
export function planQueues(subscriptions: Subscriptions, defaults: QueueDefaults): QueuePlan[] {
  const problems: string[] = [];
  const plans: QueuePlan[] = [];
  if (!isValidNamePart(subscriptions.service))
    problems.push(`service name "${subscriptions.service}" is invalid`);
  const purposes = Object.entries(subscriptions.queues);
  if (purposes.length === 0) problems.push("no queue is declared");
  for (const [purpose, queue] of purposes) {
    const name = queueName(subscriptions.service, purpose);
    if (!isValidNamePart(purpose)) problems.push(`${name}: purpose "${purpose}" is invalid`);
    if (queue.events.length === 0) problems.push(`${name}: no event is listed`);
    const handlers = new Map<EventName, EventHandler>();
    for (const event of queue.events) {
      const handler = queue.handlers[event];
      if (!isEventName(event)) problems.push(`${name}: "${event}" is not a known event`);
      else if (typeof handler !== "function") problems.push(`${name}: no handler for "${event}"`);
      else handlers.set(event, handler as EventHandler);
    }
    for (const event of Object.keys(queue.handlers)) {
      if (!queue.events.includes(event as EventName)) {
        problems.push(`${name}: handler for "${event}", which the queue does not list`);
      }
    }
    const retry = queue.retry ?? defaults.retry;
    if (!retry.delaysMs.every((delay) => Number.isInteger(delay) && delay > 0)) {
      problems.push(`${name}: retry delays must be positive whole milliseconds`);
    }
    const prefetch = queue.prefetch ?? defaults.prefetch;
    if (!Number.isInteger(prefetch) || prefetch < 1)
      problems.push(`${name}: prefetch must be a positive integer`);
    plans.push({ name, events: [...new Set(queue.events)], handlers, retry, prefetch });
  }
  if (problems.length > 0) throw new SubscriptionError(problems);
  return plans;
}
