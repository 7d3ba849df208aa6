import type { Channel } from "amqplib";
import type { QueuePlan } from "../plan-queues.ts";
import { deadLetterExchangeName, deadLetterQueueName, retryQueueName } from "../topology-names.ts";

/**
 * What the consuming and delay queues are. Production is always "quorum" (replicated, with a delivery
 * limit and at-least-once dead-lettering). "classic" is for tests whose point is not the broker's
 * queues: each quorum queue is a Raft group the broker starts and stops, which dominates its work when a
 * test run declares and deletes thousands of them. A classic queue has no delivery limit (a consumer that
 * crashes on a message gets it again for ever) and dead-letters expired delay messages at most once.
 */
export type QueueType = "quorum" | "classic";

/** The events exchange and the exchange feeding dead-letter queues. Idempotent, as all declarations. */
export async function declareExchanges(channel: Channel, exchange: string): Promise<void> {
  await channel.assertExchange(exchange, "topic", { durable: true });
  await channel.assertExchange(deadLetterExchangeName(exchange), "direct", { durable: true });
}

/**
 * A queue with its dead-letter queue and one delay queue per retry delay:
 *
 *   <queue>             quorum, bound to its event names; x-delivery-limit caps redeliveries after
 *                       consumer crashes, past which the broker dead-letters into <queue>.dead-letter
 *   <queue>.retry.<n>ms quorum, TTL n ms, dead-letters back to <queue> through the default exchange
 *                       (to this queue only: other subscribers of the event are not bothered)
 *   <queue>.dead-letter classic: listing takes messages and returns them, which would count against a
 *                       quorum queue's delivery limit (RabbitMQ 4 sets one by default)
 *
 * Arguments of an existing queue cannot change: a different delivery limit needs a policy or a new queue.
 * With `queueType` "classic" (tests only) the first two are classic queues without the quorum-only
 * arguments.
 */
export async function declareQueue(
  channel: Channel,
  exchange: string,
  plan: QueuePlan,
  deliveryLimit: number,
  queueType: QueueType = "quorum",
): Promise<void> {
  const deadLetterExchange = deadLetterExchangeName(exchange);
  const deadLetterQueue = deadLetterQueueName(plan.name);
  await channel.assertQueue(deadLetterQueue, { durable: true, arguments: { "x-queue-type": "classic" } });
  await channel.bindQueue(deadLetterQueue, deadLetterExchange, plan.name);

  // at-least-once: the broker keeps a message until its dead-letter copy is confirmed (needs reject-publish).
  const quorum = queueType === "quorum";
  const safeDeadLettering = quorum
    ? { "x-queue-type": "quorum", "x-dead-letter-strategy": "at-least-once", "x-overflow": "reject-publish" }
    : { "x-queue-type": "classic" };
  for (const delayMs of new Set(plan.retry.delaysMs)) {
    await channel.assertQueue(retryQueueName(plan.name, delayMs), {
      durable: true,
      arguments: {
        "x-message-ttl": delayMs,
        "x-dead-letter-exchange": "",
        "x-dead-letter-routing-key": plan.name,
        ...safeDeadLettering,
      },
    });
  }

  await channel.assertQueue(plan.name, {
    durable: true,
    arguments: {
      ...(quorum ? { "x-delivery-limit": deliveryLimit } : {}),
      "x-dead-letter-exchange": deadLetterExchange,
      "x-dead-letter-routing-key": plan.name,
      ...safeDeadLettering,
    },
  });
  for (const event of plan.events) await channel.bindQueue(plan.name, exchange, event);
}
