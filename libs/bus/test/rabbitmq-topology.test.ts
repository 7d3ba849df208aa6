import { contractOf, createEvent } from "@tubedigest/contracts";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import { afterEach, describe, expect, it } from "vitest";
import {
  createRabbitMqBus,
  deadLetterExchangeName,
  deadLetterQueueName,
  defineSubscriptions,
  type EventBus,
  retryQueueName,
} from "../src/index.ts";
import { silentLog, withChannel } from "./support/bus-fixtures.ts";
import { waitFor } from "./support/wait-for.ts";

describe("RabbitMQ topology", () => {
  const exchange = uniqueName("test.events");
  const service = uniqueName("svc").replaceAll("_", "-");
  const queue = `${service}.profiles`;
  const retry = { delaysMs: [40, 80, 80] };
  let bus: EventBus | undefined;

  afterEach(async () => {
    await bus?.close();
    await withChannel(async (channel) => {
      for (const name of [
        queue,
        deadLetterQueueName(queue),
        retryQueueName(queue, 40),
        retryQueueName(queue, 80),
      ]) {
        await channel.deleteQueue(name);
      }
      await channel.deleteExchange(exchange);
      await channel.deleteExchange(deadLetterExchangeName(exchange));
    });
  });

  async function subscribeBlocked(): Promise<void> {
    bus = await createRabbitMqBus({
      url: testInfra.amqpUrl,
      exchange,
      log: silentLog,
      retry,
      deliveryLimit: 2,
    });
    await bus.subscribe(
      defineSubscriptions({
        service,
        // The consumer never finishes, so the test can look at the queue from the side.
        queues: {
          profiles: { events: ["user.updated"], handlers: { "user.updated": () => new Promise(() => {}) } },
        },
      }),
    );
    await bus.close().catch(() => {});
    bus = undefined;
  }

  it("declares a quorum queue with explicit delivery limit and dead-lettering, one delay queue per delay", async () => {
    await subscribeBlocked();
    await withChannel(async (channel) => {
      // Re-declaring with identical arguments succeeds only if the queue has exactly these.
      await channel.assertQueue(queue, {
        durable: true,
        arguments: {
          "x-queue-type": "quorum",
          "x-delivery-limit": 2,
          "x-dead-letter-exchange": deadLetterExchangeName(exchange),
          "x-dead-letter-routing-key": queue,
          "x-dead-letter-strategy": "at-least-once",
          "x-overflow": "reject-publish",
        },
      });
      for (const delay of [40, 80]) {
        expect((await channel.checkQueue(retryQueueName(queue, delay))).queue).toBe(
          retryQueueName(queue, delay),
        );
      }
      await channel.checkQueue(deadLetterQueueName(queue));
    });
    await expect(
      withChannel(async (channel) => {
        channel.on("error", () => {});
        await channel.assertQueue(queue, {
          durable: true,
          arguments: { "x-queue-type": "quorum", "x-delivery-limit": 3 },
        });
      }),
    ).rejects.toThrow(/PRECONDITION_FAILED/);
  });

  it("publishes persistent messages routed by event name, and dead-letters past the delivery limit", async () => {
    await subscribeBlocked();
    const publisher = await createRabbitMqBus({ url: testInfra.amqpUrl, exchange, log: silentLog });
    const event = createEvent("user.updated", contractOf("user.updated").example, { correlationId: "req-9" });
    await publisher.publishEvent(event);
    await publisher.close();

    await withChannel(async (channel) => {
      // A consumer that dies before acking, again and again: the broker gives up after the limit.
      let deliveries = 0;
      for (;;) {
        const message = await channel.get(queue, { noAck: false });
        if (!message) break;
        deliveries += 1;
        expect(message.properties).toMatchObject({
          deliveryMode: 2,
          messageId: event.id,
          correlationId: "req-9",
        });
        expect(message.fields.routingKey).toBe("user.updated");
        channel.nack(message, false, true);
      }
      expect(deliveries).toBe(3);
    });
    bus = await createRabbitMqBus({ url: testInfra.amqpUrl, exchange, log: silentLog });
    const letters = await waitFor(
      () => bus?.deadLetters.list(queue) ?? [],
      (found) => found.length > 0,
    );
    expect(letters).toEqual([
      expect.objectContaining({ reason: "delivery_limit", eventId: event.id, routingKey: "user.updated" }),
    ]);
  });

  it("declares its queue again and goes on consuming when the queue is deleted under it", async () => {
    const handled: string[] = [];
    bus = await createRabbitMqBus({
      url: testInfra.amqpUrl,
      exchange,
      log: silentLog,
      retry,
      deliveryLimit: 2,
    });
    await bus.subscribe(
      defineSubscriptions({
        service,
        queues: {
          profiles: {
            events: ["user.updated"],
            handlers: {
              "user.updated": async (event) => {
                handled.push(event.id);
              },
            },
          },
        },
      }),
    );
    await withChannel((channel) => channel.deleteQueue(queue));
    const event = createEvent("user.updated", contractOf("user.updated").example, {
      correlationId: "req-10",
    });
    // Published until the queue is back and bound; earlier copies find no queue and are dropped.
    await waitFor(
      async () => {
        await bus?.publishEvent({ ...event });
        return handled.length;
      },
      (count) => count > 0,
      { intervalMs: 100, what: "the event consumed from the re-declared queue" },
    );
  });
});
