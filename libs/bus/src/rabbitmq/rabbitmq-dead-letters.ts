import type { ConfirmChannel, GetMessage } from "amqplib";
import {
  DEFAULT_DEAD_LETTER_PAGE,
  type DeadLetter,
  type DeadLetterQueues,
  describeDeadLetter,
} from "../dead-letters.ts";
import { messageHeaders } from "../message-headers.ts";
import { deadLetterQueueName } from "../topology-names.ts";
import type { AmqpConnection } from "./amqp-connection.ts";
import { publishConfirmed } from "./publish-confirmed.ts";

/** Dead-letter operations over AMQP alone (no management plugin needed). */
export class RabbitMqDeadLetters implements DeadLetterQueues {
  readonly #connection: AmqpConnection;
  readonly #publishTimeoutMs: number;

  constructor(connection: AmqpConnection, publishTimeoutMs: number) {
    this.#connection = connection;
    this.#publishTimeoutMs = publishTimeoutMs;
  }

  /** Takes messages without acking them, then closes the channel, which puts them all back in order. */
  async list(queue: string, options: { limit?: number } = {}): Promise<DeadLetter[]> {
    const limit = options.limit ?? DEFAULT_DEAD_LETTER_PAGE;
    return this.#withChannel(async (channel) => {
      const deadLetterQueue = deadLetterQueueName(queue);
      await channel.checkQueue(deadLetterQueue);
      const letters: DeadLetter[] = [];
      while (letters.length < limit) {
        const message = await channel.get(deadLetterQueue, { noAck: false });
        if (!message) break;
        letters.push(describe(queue, message));
      }
      return letters;
    });
  }

  /**
   * Moves dead letters back to their queue through the default exchange, each acked only after its copy
   * is confirmed. Bounded by the count at the start, so a letter that dies again is not replayed twice.
   */
  async replay(queue: string, options: { limit?: number } = {}): Promise<number> {
    return this.#withChannel(async (channel) => {
      const deadLetterQueue = deadLetterQueueName(queue);
      const { messageCount } = await channel.checkQueue(deadLetterQueue);
      await channel.checkQueue(queue);
      const wanted = Math.min(messageCount, options.limit ?? Number.POSITIVE_INFINITY);
      let replayed = 0;
      while (replayed < wanted) {
        const message = await channel.get(deadLetterQueue, { noAck: false });
        if (!message) break;
        const { properties } = message;
        const headers = {
          [messageHeaders.attempt]: 1,
          [messageHeaders.originalRoutingKey]: describe(queue, message).routingKey,
        };
        await publishConfirmed(
          channel,
          "",
          queue,
          message.content,
          {
            persistent: true,
            contentType: properties.contentType,
            messageId: properties.messageId,
            correlationId: properties.correlationId,
            type: properties.type,
            headers,
          },
          this.#publishTimeoutMs,
        );
        channel.ack(message);
        replayed += 1;
      }
      return replayed;
    });
  }

  async #withChannel<T>(work: (channel: ConfirmChannel) => Promise<T>): Promise<T> {
    const channel = await this.#connection.createConfirmChannel();
    // A missing queue closes the channel with an error; the awaited call rejects with it already.
    channel.on("error", () => {});
    try {
      return await work(channel);
    } finally {
      await channel.close().catch(() => {});
    }
  }
}

function describe(queue: string, message: GetMessage): DeadLetter {
  return describeDeadLetter(queue, {
    body: message.content.toString("utf8"),
    headers: message.properties.headers ?? {},
    routingKey: message.fields.routingKey,
  });
}
