import type { Logger } from "pino";
import type { DeadLetterQueues } from "../dead-letters.ts";
import { AmqpConnection } from "./amqp-connection.ts";
import { RabbitMqDeadLetters } from "./rabbitmq-dead-letters.ts";

/** Dead-letter operations on a broker without a running bus, for operator tools. */
export async function openRabbitMqDeadLetters(
  url: string,
  log: Logger,
): Promise<DeadLetterQueues & { close(): Promise<void> }> {
  // A one-shot tool: an unreachable broker fails the command after a few seconds instead of waiting.
  const connection = await AmqpConnection.open(url, log, {
    initialDelayMs: 200,
    maxDelayMs: 1_000,
    initialMaxRetries: 4,
  });
  const deadLetters = new RabbitMqDeadLetters(connection, 10_000);
  return {
    list: (queue, options) => deadLetters.list(queue, options),
    replay: (queue, options) => deadLetters.replay(queue, options),
    close: () => connection.close(),
  };
}
