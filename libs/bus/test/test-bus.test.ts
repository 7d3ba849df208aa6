import { testInfra, uniqueName } from "@tubedigest/testing";
import amqp from "amqplib";
import { expect, it } from "vitest";
import { defineSubscriptions } from "../src/subscriptions.ts";
import { createTestBus } from "../src/testing/create-test-bus.ts";

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
