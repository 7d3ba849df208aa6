import {
  DEFAULT_DEAD_LETTER_PAGE,
  type DeadLetter,
  type DeadLetterQueues,
  describeDeadLetter,
} from "../dead-letters.ts";
import { messageHeaders } from "../message-headers.ts";
import { deadLetterQueueName } from "../topology-names.ts";
import type { InProcessBroker } from "./in-process-broker.ts";

/** Dead-letter operations on the in-process broker, mirroring the RabbitMQ ones. */
export class InProcessDeadLetters implements DeadLetterQueues {
  constructor(private readonly broker: InProcessBroker) {}

  async list(queue: string, options: { limit?: number } = {}): Promise<DeadLetter[]> {
    this.#assertKnown(queue);
    const messages = this.broker.peek(deadLetterQueueName(queue), options.limit ?? DEFAULT_DEAD_LETTER_PAGE);
    return messages.map((message) => describeDeadLetter(queue, message));
  }

  async replay(queue: string, options: { limit?: number } = {}): Promise<number> {
    this.#assertKnown(queue);
    const messages = this.broker.take(deadLetterQueueName(queue), options.limit ?? Number.POSITIVE_INFINITY);
    for (const message of messages) {
      this.broker.sendToQueue(queue, {
        body: message.body,
        routingKey: queue,
        failedDeliveries: 0,
        headers: {
          [messageHeaders.attempt]: 1,
          [messageHeaders.originalRoutingKey]: message.headers[messageHeaders.originalRoutingKey],
        },
      });
    }
    return messages.length;
  }

  async count(queue: string): Promise<number | undefined> {
    if (!this.broker.hasQueue(queue)) return undefined;
    return this.broker.peek(deadLetterQueueName(queue), Number.POSITIVE_INFINITY).length;
  }

  #assertKnown(queue: string): void {
    if (!this.broker.hasQueue(queue)) throw new Error(`No queue "${queue}"`);
  }
}
