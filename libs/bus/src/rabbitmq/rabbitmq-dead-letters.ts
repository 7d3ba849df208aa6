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

/** The reply code of a channel closed because a queue does not exist. */
const NOT_FOUND = 404;

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

  /** How many dead letters a queue holds; undefined when its dead-letter queue was never declared here. */
  async count(queue: string): Promise<number | undefined> {
    try {
      return await this.#withChannel(
        async (channel) => (await channel.checkQueue(deadLetterQueueName(queue))).messageCount,
      );
    } catch (error) {
      if ((error as { code?: unknown }).code === NOT_FOUND) return undefined;
      throw error;
    }
  }

  /**
   * Removes dead letters for good: the one whose event id is `which.eventId`, or all of them. Letters
   * that do not match are put back in their order when the channel closes. Answers how many went.
   */
  async drop(queue: string, which: { eventId: string } | { all: true }): Promise<number> {
    return this.#withChannel(async (channel) => {
      const deadLetterQueue = deadLetterQueueName(queue);
      if ("all" in which) return (await channel.purgeQueue(deadLetterQueue)).messageCount;
      const { messageCount } = await channel.checkQueue(deadLetterQueue);
      let dropped = 0;
      for (let seen = 0; seen < messageCount; seen += 1) {
        const message = await channel.get(deadLetterQueue, { noAck: false });
        if (!message) break;
        if (eventIdOf(queue, message) === which.eventId) {
          channel.ack(message);
          dropped += 1;
        }
      }
      return dropped;
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

/** The event id in the body, or the message id the publisher set to it when the body is unreadable. */
function eventIdOf(queue: string, message: GetMessage): string | undefined {
  return describe(queue, message).eventId ?? message.properties.messageId;
}

function describe(queue: string, message: GetMessage): DeadLetter {
  return describeDeadLetter(queue, {
    body: message.content.toString("utf8"),
    headers: message.properties.headers ?? {},
    routingKey: message.fields.routingKey,
  });
}
