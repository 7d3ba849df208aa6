import { startTcpProxy } from "@tubedigest/testing/tcp-proxy";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import amqp from "amqplib";
import { pino } from "pino";
import {
  createInProcessBus,
  createRabbitMqBus,
  DEFAULT_DELIVERY_LIMIT,
  deadLetterExchangeName,
  deadLetterQueueName,
  type EventBus,
  InProcessBroker,
  queueName,
  type RetryPolicy,
  retryQueueName,
  type Subscriptions,
} from "../../src/index.ts";

/** Fast back-off so failure paths finish in well under a second. */
export const testRetryPolicy: RetryPolicy = { delaysMs: [50, 100] };

export const silentLog = pino({ level: "silent" });

/** One bus implementation with the faults a test can inject into it. */
export interface BusFixture {
  /** A new bus, as one more service process would open. */
  createBus(options?: { retry?: RetryPolicy }): Promise<EventBus>;
  /** A service name of this test's own (queues are "<service>.<purpose>"). */
  serviceName(): string;
  /** Every connection is lost and reconnecting fails until restoreConnections. */
  cutConnections(): void;
  restoreConnections(): void;
  /** Every connection is lost; reconnecting works at once. */
  dropConnections(): void;
  /** Puts bytes on the bus as a broken or hostile producer would, bypassing validation. */
  injectRawMessage(routingKey: string, body: string): Promise<void>;
  /** Closes what the test opened and removes what it declared. */
  cleanup(): Promise<void>;
}

export interface BusImplementation {
  name: string;
  setUp(): Promise<BusFixture>;
}

function testServiceName(): string {
  return uniqueName("svc").replaceAll("_", "-");
}

export const inProcessImplementation: BusImplementation = {
  name: "in-process bus",
  async setUp() {
    const broker = new InProcessBroker({ deliveryLimit: DEFAULT_DELIVERY_LIMIT });
    const buses: EventBus[] = [];
    return {
      async createBus(options = {}) {
        const bus = createInProcessBus({ broker, log: silentLog, retry: options.retry ?? testRetryPolicy });
        buses.push(bus);
        return bus;
      },
      serviceName: testServiceName,
      cutConnections: () => broker.simulateConnectionLoss(),
      restoreConnections: () => {},
      dropConnections: () => broker.simulateConnectionLoss(),
      async injectRawMessage(routingKey, body) {
        broker.publish(routingKey, body);
      },
      async cleanup() {
        await Promise.all(buses.map((bus) => bus.close()));
        broker.close();
      },
    };
  },
};

export const rabbitMqImplementation: BusImplementation = {
  name: "RabbitMQ bus",
  async setUp() {
    const brokerUrl = new URL(testInfra.amqpUrl);
    const proxy = await startTcpProxy({ host: brokerUrl.hostname, port: Number(brokerUrl.port || 5672) });
    // Its own exchange and service names keep the test apart from every other one on the broker.
    const exchange = uniqueName("test.events");
    const buses: EventBus[] = [];
    const queues = new Set<string>();

    function recordQueues(subscriptions: Subscriptions, defaultRetry: RetryPolicy): void {
      for (const [purpose, queue] of Object.entries(subscriptions.queues)) {
        const name = queueName(subscriptions.service, purpose);
        queues.add(name).add(deadLetterQueueName(name));
        for (const delay of (queue.retry ?? defaultRetry).delaysMs) queues.add(retryQueueName(name, delay));
      }
    }

    return {
      async createBus(options = {}) {
        const retry = options.retry ?? testRetryPolicy;
        const bus = await createRabbitMqBus({
          url: proxy.urlThrough(testInfra.amqpUrl),
          exchange,
          log: silentLog,
          retry,
          publishTimeoutMs: 2_000,
          reconnect: { initialDelayMs: 50, maxDelayMs: 500 },
        });
        buses.push(bus);
        return {
          ...bus,
          subscribe(subscriptions) {
            recordQueues(subscriptions, retry);
            return bus.subscribe(subscriptions);
          },
        };
      },
      serviceName: testServiceName,
      cutConnections() {
        proxy.refuseConnections();
        proxy.dropConnections();
      },
      restoreConnections: () => proxy.acceptConnections(),
      dropConnections: () => proxy.dropConnections(),
      async injectRawMessage(routingKey, body) {
        await withChannel(async (channel) => {
          channel.publish(exchange, routingKey, Buffer.from(body), { persistent: true });
          await channel.waitForConfirms();
        });
      },
      async cleanup() {
        await Promise.all(buses.map((bus) => bus.close()));
        await proxy.close();
        await withChannel(async (channel) => {
          for (const queue of queues) await channel.deleteQueue(queue);
          await channel.deleteExchange(exchange);
          await channel.deleteExchange(deadLetterExchangeName(exchange));
        });
      },
    };
  },
};

/** A confirm channel straight to the broker (not through the proxy), closed afterwards. */
export async function withChannel<T>(work: (channel: amqp.ConfirmChannel) => Promise<T>): Promise<T> {
  const connection = await amqp.connect(testInfra.amqpUrl);
  try {
    const channel = await connection.createConfirmChannel();
    return await work(channel);
  } finally {
    await connection.close();
  }
}

/** Both implementations, or the one `TEST_BUS` names. */
export const busImplementations = [inProcessImplementation, rabbitMqImplementation].filter(
  (implementation) =>
    testInfra.busImplementation === undefined ||
    implementation.name.toLowerCase().startsWith(testInfra.busImplementation),
);
