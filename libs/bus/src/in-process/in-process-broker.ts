import type { MessageHeaders } from "../message-headers.ts";
import { DEFAULT_DELIVERY_LIMIT } from "../retry-policy.ts";
import { deadLetterQueueName } from "../topology-names.ts";

/** A message as the in-process broker keeps it: bytes, not objects, so no consumer sees another's edits. */
export interface BrokerMessage {
  body: string;
  headers: MessageHeaders;
  routingKey: string;
  /** Deliveries that ended without an ack (connection lost); past the delivery limit it is dead-lettered. */
  failedDeliveries: number;
}

/** One message handed to a consumer; settle it exactly once, or lose the connection. */
export interface BrokerDelivery {
  readonly message: BrokerMessage;
  /**
   * Acknowledges the delivery after running `beforeAck` (which may publish a retry or dead letter).
   * Does nothing and answers false when the delivery was already returned to the queue by a lost connection,
   * as an ack on a closed AMQP channel would fail.
   */
  settle(beforeAck?: () => void): boolean;
}

export type DeliveryListener = (delivery: BrokerDelivery) => void;

export interface ConsumerHandle {
  /** No new deliveries; those in hand can still be settled. */
  cancel(): void;
  /** As a closed connection: deliveries still unacked go back to the queue. */
  disconnect(): void;
}

interface Consumer {
  prefetch: number;
  unacked: Set<Delivery>;
  listener: DeliveryListener;
}

interface Delivery extends BrokerDelivery {
  live: boolean;
}

interface Queue {
  name: string;
  ready: BrokerMessage[];
  consumers: Consumer[];
  /** Round-robin position among consumers. */
  next: number;
}

/**
 * A broker in memory for the single-process mode, with RabbitMQ's semantics where the bus relies on them:
 * topic routing by event name to bound queues, prefetch, manual ack, requeue of unacked deliveries when a
 * connection is lost, a delivery limit, delayed redelivery and dead-letter queues. Several buses (one
 * per service) share one broker, as services share one RabbitMQ. Messages live only as long as the
 * process: durability in this mode ends at the outbox.
 */
export class InProcessBroker {
  readonly #queues = new Map<string, Queue>();
  readonly #bindings = new Map<string, Set<string>>();
  readonly #timers = new Set<NodeJS.Timeout>();
  readonly #deliveryLimit: number;

  constructor(options: { deliveryLimit?: number } = {}) {
    this.#deliveryLimit = options.deliveryLimit ?? DEFAULT_DELIVERY_LIMIT;
  }

  /** Creates the queue (and its dead-letter queue) if needed and binds it to the routing keys. */
  declareQueue(name: string, routingKeys: readonly string[]): void {
    this.#queue(name);
    this.#queue(deadLetterQueueName(name));
    for (const key of routingKeys) {
      let queues = this.#bindings.get(key);
      if (!queues) {
        queues = new Set();
        this.#bindings.set(key, queues);
      }
      queues.add(name);
    }
  }

  /** Routes a message to every queue bound to its routing key (none bound: dropped, as by an exchange). */
  publish(routingKey: string, body: string, headers: MessageHeaders = {}): void {
    for (const queue of this.#bindings.get(routingKey) ?? []) {
      this.sendToQueue(queue, { body, headers, routingKey, failedDeliveries: 0 });
    }
  }

  sendToQueue(queueName: string, message: BrokerMessage): void {
    const queue = this.#queue(queueName);
    queue.ready.push(message);
    this.#dispatch(queue);
  }

  /** Delivers to the queue after `delayMs`, as a TTL'd delay queue dead-lettering back to it does. */
  sendToQueueAfter(queueName: string, delayMs: number, message: BrokerMessage): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.sendToQueue(queueName, message);
    }, delayMs);
    this.#timers.add(timer);
  }

  consume(queueName: string, prefetch: number, listener: DeliveryListener): ConsumerHandle {
    const queue = this.#queue(queueName);
    const consumer: Consumer = { prefetch, unacked: new Set(), listener };
    queue.consumers.push(consumer);
    this.#dispatch(queue);
    return {
      cancel: () => {
        queue.consumers = queue.consumers.filter((other) => other !== consumer);
      },
      disconnect: () => {
        queue.consumers = queue.consumers.filter((other) => other !== consumer);
        this.#returnUnacked(queue, [consumer]);
      },
    };
  }

  /** Takes up to `limit` messages out of a queue (for dead-letter replay); the caller owns them. */
  take(queueName: string, limit: number): BrokerMessage[] {
    return this.#queue(queueName).ready.splice(0, limit);
  }

  /** Looks at up to `limit` waiting messages without taking them. */
  peek(queueName: string, limit: number): readonly BrokerMessage[] {
    return this.#queue(queueName).ready.slice(0, limit);
  }

  /** Messages of these queues still to be handled: waiting, or delivered and not yet acknowledged. */
  outstanding(queueNames: Iterable<string>): number {
    let count = 0;
    for (const name of queueNames) {
      const queue = this.#queues.get(name);
      if (!queue) continue;
      count += queue.ready.length;
      for (const consumer of queue.consumers) count += consumer.unacked.size;
    }
    return count;
  }

  hasQueue(queueName: string): boolean {
    return this.#queues.has(queueName);
  }

  /**
   * Fault injection: what a lost AMQP connection does. Every unacked delivery goes back to the front of
   * its queue (settling it later does nothing) and consumers carry on, as the bus does after reconnecting.
   */
  simulateConnectionLoss(): void {
    for (const queue of this.#queues.values()) this.#returnUnacked(queue, queue.consumers);
  }

  /** Drops pending delayed deliveries; the broker is unusable afterwards. */
  close(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #returnUnacked(queue: Queue, consumers: readonly Consumer[]): void {
    const returned: BrokerMessage[] = [];
    for (const consumer of consumers) {
      for (const delivery of consumer.unacked) {
        delivery.live = false;
        returned.push({ ...delivery.message, failedDeliveries: delivery.message.failedDeliveries + 1 });
      }
      consumer.unacked.clear();
    }
    const [kept, overLimit] = partition(
      returned,
      (message) => message.failedDeliveries <= this.#deliveryLimit,
    );
    queue.ready.unshift(...kept);
    for (const message of overLimit) this.#deadLetterOverLimit(queue, message);
    this.#dispatch(queue);
  }

  #deadLetterOverLimit(queue: Queue, message: BrokerMessage): void {
    this.sendToQueue(deadLetterQueueName(queue.name), {
      ...message,
      headers: { ...message.headers, "x-first-death-reason": "delivery_limit" },
    });
  }

  #queue(name: string): Queue {
    let queue = this.#queues.get(name);
    if (!queue) {
      queue = { name, ready: [], consumers: [], next: 0 };
      this.#queues.set(name, queue);
    }
    return queue;
  }

  #dispatch(queue: Queue): void {
    while (queue.ready.length > 0) {
      const consumer = this.#nextFreeConsumer(queue);
      if (!consumer) return;
      const message = queue.ready.shift() as BrokerMessage;
      const delivery: Delivery = {
        message,
        live: true,
        settle: (beforeAck) => {
          if (!delivery.live) return false;
          beforeAck?.();
          delivery.live = false;
          consumer.unacked.delete(delivery);
          this.#dispatch(queue);
          return true;
        },
      };
      consumer.unacked.add(delivery);
      // Asynchronous like a socket: a publisher never runs a handler on its own stack.
      setImmediate(() => consumer.listener(delivery));
    }
  }

  #nextFreeConsumer(queue: Queue): Consumer | undefined {
    for (let tried = 0; tried < queue.consumers.length; tried++) {
      const consumer = queue.consumers[(queue.next + tried) % queue.consumers.length];
      if (consumer && consumer.unacked.size < consumer.prefetch) {
        queue.next = (queue.next + tried + 1) % queue.consumers.length;
        return consumer;
      }
    }
    return undefined;
  }
}

function partition<T>(items: readonly T[], keep: (item: T) => boolean): [T[], T[]] {
  return [items.filter(keep), items.filter((item) => !keep(item))];
}
