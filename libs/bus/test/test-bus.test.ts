import { eventually } from "@tubedigest/testing/eventually";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import amqp from "amqplib";
import { expect, it } from "vitest";
import { defineSubscriptions } from "../src/subscriptions.ts";
import { createTestBus, joinTestBus } from "../src/testing/create-test-bus.ts";

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
