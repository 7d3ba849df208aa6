import type { Subscriptions } from "../subscriptions.ts";
import { queueName } from "../topology-names.ts";

/** The queue names a service's subscriptions declare ("<service>.<purpose>"), to check against CONSUMER_QUEUES. */
export function declaredQueues(subscriptions: Subscriptions): string[] {
  return Object.keys(subscriptions.queues).map((purpose) => queueName(subscriptions.service, purpose));
}
