import { type AnyEvent, createEvent, parseEvent } from "@tubedigest/contracts";
import type { Logger } from "pino";
import type { EventBus } from "../event-bus.ts";
import { HandledDeliveries } from "../handled-deliveries.ts";
import { messageHeaders } from "../message-headers.ts";
import { planQueues } from "../plan-queues.ts";
import { DEFAULT_DELIVERY_LIMIT, defaultRetryPolicy, type RetryPolicy } from "../retry-policy.ts";
import { DEFAULT_EXCHANGE } from "../topology-names.ts";
import { inPublishSpan } from "../trace-context.ts";
import { AmqpConnection, type ReconnectOptions } from "./amqp-connection.ts";
import { ConfirmPublisher } from "./confirm-publisher.ts";
import { declareExchanges, type QueueType } from "./declare-topology.ts";
import { QueueConsumer } from "./queue-consumer.ts";
import { RabbitMqDeadLetters } from "./rabbitmq-dead-letters.ts";

export interface RabbitMqBusOptions {
  /** amqp://user:password@host:port/vhost */
  url: string;
  log: Logger;
  /** Defaults to "tubedigest.events"; tests use their own to stay apart. */
  exchange?: string;
  retry?: RetryPolicy;
  /** Deliveries in flight per queue (and so handlers running at once). */
  prefetch?: number;
  deliveryLimit?: number;
  /** Tests only ("classic", see `QueueType`); production never sets it and gets quorum queues. */
  queueType?: QueueType;
  /** How long a publish may wait for a connection and its confirm before it fails. */
  publishTimeoutMs?: number;
  reconnect?: ReconnectOptions;
  /** How long `close` waits for running handlers before disconnecting (their events are redelivered). */
  closeGraceMs?: number;
}

const DEFAULT_PREFETCH = 16;
const DEFAULT_PUBLISH_TIMEOUT_MS = 10_000;
const DEFAULT_CLOSE_GRACE_MS = 10_000;

/**
 * The bus over RabbitMQ. Returns at once and connects in the background (and again after every loss);
 * publishes wait for the connection up to their timeout, `subscribe` resolves once its queues consume.
 */
export async function createRabbitMqBus(options: RabbitMqBusOptions): Promise<EventBus> {
  const exchange = options.exchange ?? DEFAULT_EXCHANGE;
  const publishTimeoutMs = options.publishTimeoutMs ?? DEFAULT_PUBLISH_TIMEOUT_MS;
  const { log } = options;
  const closeGraceMs = options.closeGraceMs ?? DEFAULT_CLOSE_GRACE_MS;
  const deliveryLimit = options.deliveryLimit ?? DEFAULT_DELIVERY_LIMIT;
  const defaults = {
    retry: options.retry ?? defaultRetryPolicy,
    prefetch: options.prefetch ?? DEFAULT_PREFETCH,
  };
  const connection = await AmqpConnection.open(options.url, log, options.reconnect);
  // Registered first, so the exchanges exist on each connection before anything publishes on it.
  const exchangesDeclared = connection.onEveryConnect("exchanges", async (model) => {
    const channel = await model.createChannel();
    await declareExchanges(channel, exchange);
    await channel.close();
  });
  const publisher = new ConfirmPublisher(connection, publishTimeoutMs);
  const consumers: QueueConsumer[] = [];
  const queues: string[] = [];
  const reports = new HandledDeliveries();

  async function publishEvent(event: AnyEvent): Promise<void> {
    parseEvent(event);
    await inPublishSpan(event, exchange, (traceHeaders) =>
      publisher.publish(exchange, event.name, Buffer.from(JSON.stringify(event)), {
        persistent: true,
        contentType: "application/json",
        messageId: event.id,
        correlationId: event.correlationId,
        type: event.name,
        timestamp: Math.floor(Date.parse(event.occurredAt) / 1000),
        headers: { [messageHeaders.attempt]: 1, ...traceHeaders },
      }),
    );
  }

  return {
    publishEvent,
    isConnected: () => connection.isConnected,
    queues: () => [...queues],
    onHandled: (listener) => reports.listen(listener),
    async publish(name, data, metadata) {
      const event = createEvent(name, data, metadata);
      await publishEvent(event as AnyEvent);
      return event;
    },
    async subscribe(subscriptions) {
      const plans = planQueues(subscriptions, defaults);
      await exchangesDeclared;
      const consumerOptions = {
        exchange,
        deliveryLimit,
        queueType: options.queueType,
        publishTimeoutMs,
        log,
        reports,
      };
      queues.push(...plans.map((plan) => plan.name));
      await Promise.all(
        plans.map((plan) => {
          const consumer = new QueueConsumer(plan, consumerOptions);
          consumers.push(consumer);
          return connection.onEveryConnect(plan.name, (model) => consumer.attach(model));
        }),
      );
    },
    deadLetters: new RabbitMqDeadLetters(connection, publishTimeoutMs),
    async close() {
      await Promise.all(consumers.splice(0).map((consumer) => consumer.stop(closeGraceMs)));
      // Closing the connection closes the publisher's channel too, and fails publishes still waiting.
      await connection.close();
    },
  };
}
