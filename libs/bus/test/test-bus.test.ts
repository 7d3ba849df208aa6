import { eventually } from "@tubedigest/testing/eventually";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import amqp from "amqplib";
import { expect, it } from "vitest";
import { DEFAULT_DELIVERY_LIMIT } from "../src/retry-policy.ts";
import { defineSubscriptions } from "../src/subscriptions.ts";
import { createTestBus, joinTestBus } from "../src/testing/create-test-bus.ts";
import { deadLetterExchangeName } from "../src/topology-names.ts";

it("keeps a test's queues apart from a product's queues of the same service on the broker", async () => {
  const service = uniqueName("svc");
  const connection = await amqp.connect(testInfra.amqpUrl);
  const channel = await connection.createChannel();
  // What a running product declared: same service and purpose, other arguments.
  await channel.assertQueue(`${service}.work`, {
    durable: true,
    arguments: { "x-queue-type": "quorum", "x-dead-letter-exchange": "a-product-exchange" },
  });
  const { bus, cleanup } = await createTestBus("rabbitmq");
  try {
    const subscriptions = defineSubscriptions({
      service,
      queues: { work: { events: ["user.updated"], handlers: { "user.updated": async () => {} } } },
    });
    await expect(bus.subscribe(subscriptions)).resolves.toBeUndefined();
  } finally {
    await cleanup();
    await channel.deleteQueue(`${service}.work`);
    await connection.close();
  }
});

it("lets another bus join a test's bus as a second replica: same exchange, same queues, one delivery each", async () => {
  const service = uniqueName("svc");
  const testBus = await createTestBus("rabbitmq");
  if (!testBus.rabbitMq) throw new Error("a RabbitMQ test bus has an address");
  const replica = await joinTestBus(testBus.rabbitMq);
  const seen: string[] = [];
  const subscriptionsOf = (replicaName: string) =>
    defineSubscriptions({
      service,
      queues: {
        work: {
          events: ["user.updated"],
          handlers: { "user.updated": async (event) => void seen.push(`${replicaName}:${event.id}`) },
        },
      },
    });
  try {
    await testBus.bus.subscribe(subscriptionsOf("first"));
    await replica.subscribe(subscriptionsOf("second"));
    const data = { userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d", email: "a@example.com", fullName: null };
    const published = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        testBus.bus.publish("user.updated", data, { correlationId: `c${i}` }),
      ),
    );
    await eventually(() => (seen.length >= 20 ? true : undefined));
    // Competing consumers of one queue: every event handled once, by one replica or the other.
    expect(seen.map((entry) => entry.split(":")[1]).sort()).toEqual(
      published.map((event) => event.id).sort(),
    );
    expect(new Set(seen.map((entry) => entry.split(":")[0]))).toEqual(new Set(["first", "second"]));
  } finally {
    await replica.close();
    await testBus.cleanup();
  }
});

it("declares classic queues unless the test asks for quorum ones, and a replica joins them alike", async () => {
  /**
   * Whether re-declaring the queue with the arguments of its expected type, but `x-queue-type` set to
   * `type`, succeeds: it fails (PRECONDITION_FAILED) on any inequivalent argument.
   */
  const declaresAs = async (
    queue: string,
    exchange: string,
    expected: "classic" | "quorum",
    type: "classic" | "quorum",
  ) => {
    const connection = await amqp.connect(testInfra.amqpUrl);
    try {
      const channel = await connection.createChannel();
      channel.on("error", () => {});
      const deadLettering = {
        "x-dead-letter-exchange": deadLetterExchangeName(exchange),
        "x-dead-letter-routing-key": queue,
      };
      const quorumOnly = {
        "x-delivery-limit": DEFAULT_DELIVERY_LIMIT,
        "x-dead-letter-strategy": "at-least-once",
        "x-overflow": "reject-publish",
      };
      const args = expected === "quorum" ? { ...deadLettering, ...quorumOnly } : deadLettering;
      return await channel
        .assertQueue(queue, { durable: true, arguments: { "x-queue-type": type, ...args } })
        .then(
          () => true,
          () => false,
        );
    } finally {
      await connection.close().catch(() => {});
    }
  };
  for (const queueType of [undefined, "quorum"] as const) {
    const service = uniqueName("svc");
    const testBus = await createTestBus("rabbitmq", { queueType });
    if (!testBus.rabbitMq) throw new Error("a RabbitMQ test bus has an address");
    const replica = await joinTestBus(testBus.rabbitMq);
    try {
      const subscriptions = defineSubscriptions({
        service,
        queues: { work: { events: ["user.updated"], handlers: { "user.updated": async () => {} } } },
      });
      await testBus.bus.subscribe(subscriptions);
      // Declaring the same queues with other arguments would fail the replica's subscribe.
      await expect(replica.subscribe(subscriptions)).resolves.toBeUndefined();
      const [queue] = testBus.consumingQueues();
      const expected = queueType ?? "classic";
      const other = expected === "classic" ? "quorum" : "classic";
      expect(await declaresAs(queue ?? "", testBus.rabbitMq.exchange, expected, expected)).toBe(true);
      expect(await declaresAs(queue ?? "", testBus.rabbitMq.exchange, expected, other)).toBe(false);
    } finally {
      await replica.close();
      await testBus.cleanup();
    }
  }
});
