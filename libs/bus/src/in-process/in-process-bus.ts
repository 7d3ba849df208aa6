import { type AnyEvent, createEvent, parseEvent } from "@tubedigest/contracts";
import type { Logger } from "pino";
import type { EventBus } from "../event-bus.ts";
import { type DeliveryOutcome, handleDelivery } from "../handle-delivery.ts";
import { HandledDeliveries } from "../handled-deliveries.ts";
import { attemptOf, messageHeaders } from "../message-headers.ts";
import { planQueues, type QueuePlan } from "../plan-queues.ts";
import { defaultRetryPolicy, type RetryPolicy } from "../retry-policy.ts";
import { settleWithin, sleep } from "../sleep.ts";
import { deadLetterQueueName } from "../topology-names.ts";
import { inPublishSpan, type TraceCarrier, traceHeadersOf } from "../trace-context.ts";
import { type BrokerMessage, type ConsumerHandle, InProcessBroker } from "./in-process-broker.ts";
import { InProcessDeadLetters } from "./in-process-dead-letters.ts";

export interface InProcessBusOptions {
  log: Logger;
  /** Shared by every service's bus in the process; a private one when absent. */
  broker?: InProcessBroker;
  retry?: RetryPolicy;
  prefetch?: number;
  /**
   * How long `close` waits for the messages already in its queues to be handled; deliveries still
   * unacked then go back to the queue, and go with the process.
   */
  closeGraceMs?: number;
  /**
   * Publishes wait in this process, in order, until `open()`. A product whose services start one after
   * another opens the bus once all have subscribed: a queue that does not exist yet would drop what an
   * earlier service's outbox relays at start, where RabbitMQ's durable queue would keep it.
   */
  held?: boolean;
}

/** The in-process bus, with `open()` for one made `held`. */
export interface InProcessBus extends EventBus {
  /** Lets held publishes through, in the order they came, and every later one at once. */
  open(): void;
}

const DEFAULT_PREFETCH = 16;
const DEFAULT_CLOSE_GRACE_MS = 10_000;

/** The bus without RabbitMQ, for the embedded single-process mode: same contract, same ack semantics. */
export function createInProcessBus(options: InProcessBusOptions): InProcessBus {
  const broker = options.broker ?? new InProcessBroker();
  const { log } = options;
  const defaults = {
    retry: options.retry ?? defaultRetryPolicy,
    prefetch: options.prefetch ?? DEFAULT_PREFETCH,
  };
  const consumers: ConsumerHandle[] = [];
  const inFlight = new Set<Promise<void>>();
  const queueNames = new Set<string>();
  const reports = new HandledDeliveries();
  let held: { event: AnyEvent; traceHeaders: TraceCarrier }[] | undefined = options.held ? [] : undefined;
  let closed = false;

  function consume(plan: QueuePlan): void {
    broker.declareQueue(plan.name, plan.events);
    queueNames.add(plan.name);
    const queueLog = log.child({ queue: plan.name });
    const consumer = broker.consume(plan.name, plan.prefetch, (delivery) => {
      const { message } = delivery;
      const attempt = attemptOf(message.headers);
      const handled = handleDelivery(
        plan,
        { body: message.body, attempt, headers: message.headers },
        queueLog,
        reports,
      ).then((outcome) => {
        const settled = delivery.settle(() => forward(plan, message, attempt, outcome));
        if (!settled) queueLog.warn("delivery was returned to the queue before its ack");
      });
      inFlight.add(handled);
      void handled.finally(() => inFlight.delete(handled));
    });
    consumers.push(consumer);
  }

  /** The retry or dead-letter copy of a failed delivery, made just before the original is acked. */
  function forward(plan: QueuePlan, message: BrokerMessage, attempt: number, outcome: DeliveryOutcome): void {
    if (outcome.action === "ack") return;
    const originalRoutingKey = String(
      message.headers[messageHeaders.originalRoutingKey] ?? message.routingKey,
    );
    const copy = { body: message.body, routingKey: plan.name, failedDeliveries: 0 };
    if (outcome.action === "retry") {
      broker.sendToQueueAfter(plan.name, outcome.delayMs, {
        ...copy,
        headers: {
          ...traceHeadersOf(message.headers),
          [messageHeaders.attempt]: outcome.nextAttempt,
          [messageHeaders.lastError]: outcome.reason,
          [messageHeaders.originalRoutingKey]: originalRoutingKey,
        },
      });
      return;
    }
    broker.sendToQueue(deadLetterQueueName(plan.name), {
      ...copy,
      headers: {
        ...traceHeadersOf(message.headers),
        [messageHeaders.attempt]: attempt,
        [messageHeaders.deadLetterReason]: outcome.reason,
        [messageHeaders.deadLetteredAt]: new Date().toISOString(),
        [messageHeaders.originalRoutingKey]: originalRoutingKey,
      },
    });
  }

  async function publishEvent(event: AnyEvent): Promise<void> {
    // As on a closed AMQP channel: the outbox keeps the row and relays it on the next start, where a
    // message accepted now would live only in this closing process.
    if (closed) throw new Error("the event bus is closed");
    parseEvent(event);
    await inPublishSpan(event, "in-process", async (traceHeaders) => {
      if (held) held.push({ event, traceHeaders });
      else send(event, traceHeaders);
    });
  }

  function send(event: AnyEvent, traceHeaders: TraceCarrier): void {
    broker.publish(event.name, JSON.stringify(event), { [messageHeaders.attempt]: 1, ...traceHeaders });
  }

  return {
    publishEvent,
    // The broker lives in this process: it is there until the bus is closed.
    isConnected: () => !closed,
    queues: () => [...queueNames],
    onHandled: (listener) => reports.listen(listener),
    async publish(name, data, metadata) {
      const event = createEvent(name, data, metadata);
      await publishEvent(event as AnyEvent);
      return event;
    },
    async subscribe(subscriptions) {
      for (const plan of planQueues(subscriptions, defaults)) consume(plan);
    },
    deadLetters: new InProcessDeadLetters(broker),
    open() {
      const waiting = held ?? [];
      held = undefined;
      for (const { event, traceHeaders } of waiting) send(event, traceHeaders);
    },
    async close() {
      closed = true;
      // Messages in this process's queues exist nowhere else: their handlers run before the consumers go.
      const deadline = Date.now() + (options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS);
      while (broker.outstanding(queueNames) > 0 && Date.now() < deadline) await sleep(10);
      const closing = consumers.splice(0);
      for (const consumer of closing) consumer.cancel();
      await settleWithin([...inFlight], Math.max(0, deadline - Date.now()));
      for (const consumer of closing) consumer.disconnect();
      if (!options.broker) broker.close();
    },
  };
}
