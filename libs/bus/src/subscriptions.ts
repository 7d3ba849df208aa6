import type { EventName } from "@tubedigest/contracts";
import type { EventHandler } from "./event-bus.ts";
import type { RetryPolicy } from "./retry-policy.ts";

/** One queue of a service: the events it is bound to and a handler for each of them. */
export interface QueueSubscription<Names extends EventName = EventName> {
  /** The routing keys the queue is bound to. */
  events: readonly Names[];
  handlers: { readonly [Name in Names]: EventHandler<Name> };
  /** Overrides the bus's retry policy for this queue. */
  retry?: RetryPolicy;
  /** How many events of this queue are handled at once; overrides the bus's prefetch. */
  prefetch?: number;
}

/** Everything a service consumes, in one place; passed to `bus.subscribe` at start-up. */
export interface Subscriptions {
  /** Lower-case name of the service, the first part of its queue names. */
  service: string;
  /** Queues by purpose; the queue "<service>.<purpose>" is declared for each. */
  queues: { readonly [purpose: string]: AnyQueueSubscription };
}

/** A queue subscription with its event names forgotten, as the bus walks them. */
export interface AnyQueueSubscription {
  events: readonly EventName[];
  handlers: { readonly [Name in EventName]?: EventHandler<Name> };
  retry?: RetryPolicy;
  prefetch?: number;
}

/**
 * Types a service's subscriptions: each queue's handlers must cover exactly its events, and each
 * handler gets its event's payload type. The same is checked again at start-up (see planQueues).
 *
 *   export const subscriptions = defineSubscriptions({
 *     service: "mailer",
 *     queues: {
 *       "welcome-mail": { events: ["user.registered"], handlers: { "user.registered": sendWelcome } },
 *     },
 *   });
 */
export function defineSubscriptions<const Queues extends Record<string, EventName>>(subscriptions: {
  service: string;
  queues: { [Purpose in keyof Queues]: QueueSubscription<Queues[Purpose]> };
}): Subscriptions {
  return subscriptions as Subscriptions;
}
