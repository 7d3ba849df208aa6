import { type AnyEvent, type EventEnvelope, isEventName, parseEvent } from "@tubedigest/contracts";
import type { Logger } from "pino";
import type { HandledDeliveries, HandledOutcome } from "./handled-deliveries.ts";
import type { MessageHeaders } from "./message-headers.ts";
import type { QueuePlan } from "./plan-queues.ts";
import { retryDelayAfter } from "./retry-policy.ts";
import { inProcessSpan } from "./trace-context.ts";

/** What the transport must do with a delivery once the handler is done with it. */
export type DeliveryOutcome =
  | { action: "ack" }
  | { action: "retry"; nextAttempt: number; delayMs: number; reason: string }
  | { action: "dead-letter"; reason: string };

export interface Delivery {
  body: string;
  /** Which try this is, from the message's attempt header. */
  attempt: number;
  /** The message's headers, whose trace context the handling continues. */
  headers?: MessageHeaders | undefined;
}

/**
 * The consuming half both buses share, so they cannot drift apart: decode and validate, run the
 * handler with a logger that carries the correlation id (in a span continuing the publisher's trace), and decide between ack, retry and dead letter.
 * `log` is expected to carry the queue name already.
 * An event that breaks its contract is dead-lettered at once: retrying the same bytes cannot help.
 * Every outcome is reported to `reports`, so both buses count the same things.
 */
export async function handleDelivery(
  plan: QueuePlan,
  delivery: Delivery,
  log: Logger,
  reports: HandledDeliveries,
): Promise<DeliveryOutcome> {
  let event: AnyEvent;
  try {
    event = parseEvent(JSON.parse(delivery.body));
  } catch (error) {
    const reason = `rejected: ${messageOf(error)}`;
    log.error({ reason }, "dead-lettering a message that breaks its contract");
    reports.report({ queue: plan.name, event: eventNameOf(delivery.body), outcome: "dead-lettered" });
    return { action: "dead-letter", reason };
  }
  const report = (outcome: HandledOutcome) =>
    reports.report({ queue: plan.name, event: event.name, outcome });
  const eventLog = log.child({
    correlationId: event.correlationId,
    eventId: event.id,
    event: event.name,
  });
  const handler = plan.handlers.get(event.name);
  if (!handler) {
    // Only after a binding outlived its handler (bindings are never removed automatically).
    const reason = `no handler for "${event.name}" in ${plan.name}`;
    eventLog.error({ reason }, "dead-lettering an event the queue has no handler for");
    report("dead-lettered");
    return { action: "dead-letter", reason };
  }
  const { attempt } = delivery;
  let duplicate = false;
  const reportDuplicate = () => {
    duplicate = true;
  };
  try {
    await inProcessSpan(plan.name, event, delivery.headers, attempt, () =>
      handler(event as EventEnvelope, { log: eventLog, attempt, queue: plan.name, reportDuplicate }),
    );
    report(duplicate ? "duplicate" : "handled");
    return { action: "ack" };
  } catch (error) {
    const reason = messageOf(error);
    const delayMs = retryDelayAfter(plan.retry, attempt);
    if (delayMs === undefined) {
      eventLog.error({ err: error, attempt }, "handler failed on its last attempt; dead-lettering the event");
      report("dead-lettered");
      return { action: "dead-letter", reason: `handler failed ${attempt} times; last error: ${reason}` };
    }
    eventLog.warn({ err: error, attempt, retryInMs: delayMs }, "handler failed; retrying later");
    report("retried");
    return { action: "retry", nextAttempt: attempt + 1, delayMs, reason };
  }
}

/**
 * The name a message that failed its contract claims, when it names a known event; any other text would
 * let a hostile producer mint a metric series per message.
 */
function eventNameOf(body: string): string {
  try {
    const name: unknown = (JSON.parse(body) as { name?: unknown } | null)?.name;
    return typeof name === "string" && isEventName(name) ? name : "unreadable";
  } catch {
    return "unreadable";
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
