import type { ChannelModel, ConfirmChannel, ConsumeMessage, Options } from "amqplib";
import type { Logger } from "pino";
import { type DeliveryOutcome, handleDelivery } from "../handle-delivery.ts";
import type { HandledDeliveries } from "../handled-deliveries.ts";
import { attemptOf, messageHeaders, stringHeader } from "../message-headers.ts";
import type { QueuePlan } from "../plan-queues.ts";
import { settleWithin } from "../sleep.ts";
import { deadLetterExchangeName, retryQueueName } from "../topology-names.ts";
import { traceHeadersOf } from "../trace-context.ts";
import { declareQueue, type QueueType } from "./declare-topology.ts";
import { publishConfirmed } from "./publish-confirmed.ts";

export interface QueueConsumerOptions {
  exchange: string;
  deliveryLimit: number;
  queueType?: QueueType;
  publishTimeoutMs: number;
  log: Logger;
  reports: HandledDeliveries;
}

/**
 * Consumes one queue. `attach` runs on every (re)connection: it declares the queue's topology, opens a
 * confirm channel with the queue's prefetch and starts consuming. A delivery is acked only after its
 * handler resolved and, for a failure, after the retry or dead-letter copy was confirmed; when the
 * channel dies first, the ack is lost and the broker redelivers (the inbox absorbs the repeat).
 */
export class QueueConsumer {
  readonly #plan: QueuePlan;
  readonly #options: QueueConsumerOptions;
  readonly #log: Logger;
  readonly #inFlight = new Set<Promise<void>>();
  #channel: ConfirmChannel | undefined;
  #consumerTag: string | undefined;
  #stopped = false;

  constructor(plan: QueuePlan, options: QueueConsumerOptions) {
    this.#plan = plan;
    this.#options = options;
    this.#log = options.log.child({ queue: plan.name });
  }

  async attach(connection: ChannelModel): Promise<void> {
    if (this.#stopped) return;
    const channel = await connection.createConfirmChannel();
    channel.on("error", (error: Error) => this.#log.warn({ err: error }, "consumer channel error"));
    await declareQueue(
      channel,
      this.#options.exchange,
      this.#plan,
      this.#options.deliveryLimit,
      this.#options.queueType,
    );
    await channel.prefetch(this.#plan.prefetch);
    const { consumerTag } = await channel.consume(
      this.#plan.name,
      (message) => {
        if (message) this.#track(this.#onMessage(channel, message));
        else this.#consumeAgain(connection, channel);
      },
      { noAck: false },
    );
    this.#channel = channel;
    this.#consumerTag = consumerTag;
  }

  /**
   * The broker cancels a consumer whose queue went away (deleted by hand, say). Declaring and consuming
   * again on a fresh channel brings it back; the old channel's unacked deliveries are redelivered.
   */
  #consumeAgain(connection: ChannelModel, channel: ConfirmChannel): void {
    this.#log.warn("the broker cancelled the consumer; declaring the queue and consuming again");
    channel.close().catch(() => {});
    this.attach(connection).catch((error: unknown) => {
      this.#log.error({ err: error }, "could not consume again; waiting for the next reconnect");
    });
  }

  /**
   * Stops taking deliveries and gives running handlers up to `graceMs` to settle theirs; whatever is
   * still unacked when the connection closes is redelivered to another consumer.
   */
  async stop(graceMs: number): Promise<void> {
    this.#stopped = true;
    const channel = this.#channel;
    if (channel && this.#consumerTag) await channel.cancel(this.#consumerTag).catch(() => {});
    await settleWithin([...this.#inFlight], graceMs);
  }

  #track(work: Promise<void>): void {
    this.#inFlight.add(work);
    void work.finally(() => this.#inFlight.delete(work));
  }

  async #onMessage(channel: ConfirmChannel, message: ConsumeMessage): Promise<void> {
    const headers = message.properties.headers ?? {};
    const attempt = attemptOf(headers);
    const outcome = await handleDelivery(
      this.#plan,
      { body: message.content.toString("utf8"), attempt, headers },
      this.#log,
      this.#options.reports,
    );
    try {
      await this.#forward(channel, message, attempt, outcome);
      channel.ack(message);
    } catch (error) {
      this.#log.warn({ err: error }, "could not settle a delivery; the broker will redeliver it");
    }
  }

  /** Publishes the retry or dead-letter copy of a failed delivery, confirmed, before the original is acked. */
  async #forward(
    channel: ConfirmChannel,
    message: ConsumeMessage,
    attempt: number,
    outcome: DeliveryOutcome,
  ) {
    if (outcome.action === "ack") return;
    const headers = message.properties.headers ?? {};
    const originalRoutingKey =
      stringHeader(headers, messageHeaders.originalRoutingKey) ?? message.fields.routingKey;
    const properties: Options.Publish = {
      persistent: true,
      contentType: message.properties.contentType,
      messageId: message.properties.messageId,
      correlationId: message.properties.correlationId,
      timestamp: message.properties.timestamp,
      type: message.properties.type,
    };
    const timeout = this.#options.publishTimeoutMs;
    if (outcome.action === "retry") {
      // Fresh headers: the broker's x-death history would otherwise grow with every round.
      await publishConfirmed(
        channel,
        "",
        retryQueueName(this.#plan.name, outcome.delayMs),
        message.content,
        {
          ...properties,
          headers: {
            ...traceHeadersOf(headers),
            [messageHeaders.attempt]: outcome.nextAttempt,
            [messageHeaders.lastError]: outcome.reason,
            [messageHeaders.originalRoutingKey]: originalRoutingKey,
          },
        },
        timeout,
      );
      return;
    }
    await publishConfirmed(
      channel,
      deadLetterExchangeName(this.#options.exchange),
      this.#plan.name,
      message.content,
      {
        ...properties,
        headers: {
          ...traceHeadersOf(headers),
          [messageHeaders.attempt]: attempt,
          [messageHeaders.deadLetterReason]: outcome.reason,
          [messageHeaders.deadLetteredAt]: new Date().toISOString(),
          [messageHeaders.originalRoutingKey]: originalRoutingKey,
        },
      },
      timeout,
    );
  }
}
