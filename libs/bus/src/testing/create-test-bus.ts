import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import amqp from "amqplib";
import { pino } from "pino";
import type { EventBus } from "../event-bus.ts";
import { InProcessBroker } from "../in-process/in-process-broker.ts";
import { createInProcessBus } from "../in-process/in-process-bus.ts";
import type { QueueType } from "../rabbitmq/declare-topology.ts";
import { createRabbitMqBus } from "../rabbitmq/rabbitmq-bus.ts";
import type { RetryPolicy } from "../retry-policy.ts";
import type { Subscriptions } from "../subscriptions.ts";
import { deadLetterExchangeName, deadLetterQueueName, queueName, retryQueueName } from "../topology-names.ts";

export type TestBusKind = "rabbitmq" | "in-process";

export interface TestBus {
  bus: EventBus;
  /** On RabbitMQ, what another process needs to join this bus as one more replica (`joinTestBus`). */
  rabbitMq?: TestBusAddress;
  /** The consuming queues subscribed so far ("<service>-<suffix>.<purpose>"), for a test to read their dead letters. */
  consumingQueues(): string[];
  /** Closes the bus and, on RabbitMQ, deletes the exchange and every queue this test declared. */
  cleanup(): Promise<void>;
}

/** A test bus's exchange, the suffix its queue names carry and the type of its queues. */
export interface TestBusAddress {
  exchange: string;
  queueSuffix: string;
  /** Absent means "classic", as `createTestBus` makes them; a replica must declare its queues alike. */
  queueType?: QueueType;
}

const fastRetry: RetryPolicy = { delaysMs: [50, 100] };

/**
 * A bus for a service's tests: the real RabbitMQ on an exchange of the test's own (so parallel tests
 * never see each other's events), or the in-process one. Retries are fast so failures show quickly.
 * Its queues are classic unless the test asks for quorum ones: a test about the broker's queues (a
 * delivery limit, redelivery across a broker outage as production sees it) passes `queueType: "quorum"`.
 */
export async function createTestBus(
  kind: TestBusKind,
  options: {
    /** Where the bus connects on RabbitMQ (a proxy in front of the test broker, for outage tests); clean-up goes straight to the broker. */
    url?: string;
    /** "classic" unless given; see `QueueType`. */
    queueType?: QueueType;
  } = {},
): Promise<TestBus> {
  const log = pino({ level: "silent" });
  const consuming = new Set<string>();
  if (kind === "in-process") {
    const inProcess = createInProcessBus({ log, broker: new InProcessBroker(), retry: fastRetry });
    const bus: EventBus = {
      ...inProcess,
      subscribe(subscriptions) {
        for (const purpose of Object.keys(subscriptions.queues)) {
          consuming.add(queueName(subscriptions.service, purpose));
        }
        return inProcess.subscribe(subscriptions);
      },
    };
    return { bus, consumingQueues: () => [...consuming], cleanup: () => bus.close() };
  }
  const exchange = uniqueName("test.events");
  // Queue names carry no exchange, so a test's queues get a suffix of their own too: otherwise two test
  // files (or a local `make start` on the same broker) would declare "catalog.signup-channels" alike.
  const address: TestBusAddress = {
    exchange,
    queueSuffix: exchange.slice("test.events_".length),
    queueType: options.queueType ?? "classic",
  };
  const queues = new Set<string>();
  const bus = await joinTestBus(
    address,
    (name, delaysMs) => {
      consuming.add(name);
      queues.add(name).add(deadLetterQueueName(name));
      for (const delay of delaysMs) queues.add(retryQueueName(name, delay));
    },
    options.url,
  );
  return {
    bus,
    rabbitMq: address,
    consumingQueues: () => [...consuming],
    async cleanup() {
      await bus.close();
      const connection = await amqp.connect(testInfra.amqpUrl);
      const channel = await connection.createChannel();
      for (const queue of queues) await channel.deleteQueue(queue);
      await channel.deleteExchange(exchange);
      await channel.deleteExchange(deadLetterExchangeName(exchange));
      await connection.close();
    },
  };
}

/**
 * The RabbitMQ bus of a test, as another process (a replica the test kills) joins it: the same exchange
 * and the same suffixed queues, so it competes for the same deliveries as a second replica would.
 */
export async function joinTestBus(
  address: TestBusAddress,
  onQueueDeclared: (name: string, retryDelaysMs: readonly number[]) => void = () => {},
  /** The broker's address, or a proxy's in front of it; the test broker when absent. */
  url: string = testInfra.amqpUrl,
): Promise<EventBus> {
  const log = pino({ level: "silent" });
  const bus = await createRabbitMqBus({
    url,
    exchange: address.exchange,
    log,
    retry: fastRetry,
    queueType: address.queueType ?? "classic",
  });
  return {
    ...bus,
    subscribe(given: Subscriptions) {
      const subscriptions = { ...given, service: `${given.service}-${address.queueSuffix}` };
      for (const [purpose, queue] of Object.entries(subscriptions.queues)) {
        onQueueDeclared(queueName(subscriptions.service, purpose), (queue.retry ?? fastRetry).delaysMs);
      }
      return bus.subscribe(subscriptions);
    },
  };
}
