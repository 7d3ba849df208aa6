import type { ConfirmChannel, Options } from "amqplib";
import type { AmqpConnection } from "./amqp-connection.ts";
import { publishConfirmed } from "./publish-confirmed.ts";

/**
 * Publishes with confirms on one shared confirm channel (confirms are pipelined, so concurrent publishes
 * do not wait for each other). The channel is replaced after it closes, on the next connection.
 */
export class ConfirmPublisher {
  readonly #connection: AmqpConnection;
  readonly #timeoutMs: number;
  #channel: Promise<ConfirmChannel> | undefined;

  constructor(connection: AmqpConnection, timeoutMs: number) {
    this.#connection = connection;
    this.#timeoutMs = timeoutMs;
  }

  async publish(
    exchange: string,
    routingKey: string,
    content: Buffer,
    options: Options.Publish,
  ): Promise<void> {
    const deadline = Date.now() + this.#timeoutMs;
    const channel = await withTimeout(this.#openChannel(), this.#timeoutMs, "No broker connection");
    const remaining = Math.max(1, deadline - Date.now());
    await publishConfirmed(channel, exchange, routingKey, content, options, remaining);
  }

  #openChannel(): Promise<ConfirmChannel> {
    if (!this.#channel) {
      const opening = this.#connection.createConfirmChannel().then((channel) => {
        const forget = () => {
          if (this.#channel === opening) this.#channel = undefined;
        };
        channel.on("close", forget);
        // Errors also close the channel; the pending publishes reject on their own.
        channel.on("error", forget);
        return channel;
      });
      opening.catch(() => {
        if (this.#channel === opening) this.#channel = undefined;
      });
      this.#channel = opening;
    }
    return this.#channel;
  }
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number, message: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${message} within ${timeoutMs} ms`)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
