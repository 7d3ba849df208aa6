import type { Logger } from "pino";
import type { DeadLetterQueues } from "../dead-letters.ts";
import { AmqpConnection } from "./amqp-connection.ts";
import { RabbitMqDeadLetters } from "./rabbitmq-dead-letters.ts";

/** What an operator may do to dead letters on a broker, beyond what a running service's bus offers. */
export interface OperatorDeadLetters extends DeadLetterQueues {
  /** Removes the dead letter with that event id, or all of them, for good; answers how many went. */
  drop(queue: string, which: { eventId: string } | { all: true }): Promise<number>;
  close(): Promise<void>;
}

/** Dead-letter operations on a broker without a running bus, for operator tools. */
export async function openRabbitMqDeadLetters(url: string, log: Logger): Promise<OperatorDeadLetters> {
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
    count: (queue) => deadLetters.count(queue),
    drop: (queue, which) => deadLetters.drop(queue, which),
    close: () => connection.close(),
  };
}
