import { describe, expect, it, vi } from "vitest";
import { type BrokerDelivery, InProcessBroker } from "./in-process-broker.ts";

function collect(broker: InProcessBroker, queue: string, prefetch: number) {
  const deliveries: BrokerDelivery[] = [];
  broker.consume(queue, prefetch, (delivery) => deliveries.push(delivery));
  return deliveries;
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe("InProcessBroker", () => {
  it("routes by routing key to every bound queue and to no other", async () => {
    const broker = new InProcessBroker();
    broker.declareQueue("mailer.welcome", ["user.registered"]);
    broker.declareQueue("billing.trials", ["user.registered", "user.updated"]);
    const mails = collect(broker, "mailer.welcome", 10);
    const trials = collect(broker, "billing.trials", 10);
    broker.publish("user.registered", "a");
    broker.publish("user.updated", "b");
    broker.publish("channel.followed", "dropped: nobody is bound");
    await tick();
    expect(mails.map((delivery) => delivery.message.body)).toEqual(["a"]);
    expect(trials.map((delivery) => delivery.message.body)).toEqual(["a", "b"]);
  });

  it("holds back deliveries beyond the prefetch until earlier ones are acked", async () => {
    const broker = new InProcessBroker();
    broker.declareQueue("q", ["e"]);
    const deliveries = collect(broker, "q", 2);
    for (const body of ["1", "2", "3"]) broker.publish("e", body);
    await tick();
    expect(deliveries).toHaveLength(2);
    deliveries[0]?.settle();
    await tick();
    expect(deliveries.map((delivery) => delivery.message.body)).toEqual(["1", "2", "3"]);
  });

  it("returns unacked deliveries to the front of the queue on connection loss; their late acks do nothing", async () => {
    const broker = new InProcessBroker();
    broker.declareQueue("q", ["e"]);
    const deliveries = collect(broker, "q", 1);
    broker.publish("e", "first");
    broker.publish("e", "second");
    await tick();
    const [first] = deliveries;
    broker.simulateConnectionLoss();
    await tick();
    expect(first?.settle()).toBe(false);
    expect(deliveries.map((delivery) => delivery.message.body)).toEqual(["first", "first"]);
    expect(deliveries[1]?.message.failedDeliveries).toBe(1);
    expect(deliveries[1]?.settle()).toBe(true);
  });

  it("dead-letters a message whose deliveries keep dying, past the delivery limit", async () => {
    const broker = new InProcessBroker({ deliveryLimit: 2 });
    broker.declareQueue("q", ["e"]);
    const deliveries = collect(broker, "q", 1);
    broker.publish("e", "crashes its consumer");
    // As RabbitMQ does: a limit of 2 allows 3 deliveries.
    for (let loss = 0; loss < 3; loss++) {
      await tick();
      expect(broker.peek("q.dead-letter", 10)).toEqual([]);
      broker.simulateConnectionLoss();
    }
    await tick();
    expect(deliveries).toHaveLength(3);
    expect(broker.peek("q.dead-letter", 10)).toEqual([
      expect.objectContaining({
        body: "crashes its consumer",
        headers: { "x-first-death-reason": "delivery_limit" },
      }),
    ]);
  });

  it("delivers a delayed message after its delay", async () => {
    const broker = new InProcessBroker();
    broker.declareQueue("q", ["e"]);
    const deliveries = collect(broker, "q", 5);
    // The broker's clock only: a busy machine must not decide whether 30 ms have passed.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      broker.sendToQueueAfter("q", 30, { body: "later", headers: {}, routingKey: "q", failedDeliveries: 0 });
      vi.advanceTimersByTime(29);
      await tick();
      expect(deliveries).toHaveLength(0);
      vi.advanceTimersByTime(1);
      await tick();
      expect(deliveries.map((delivery) => delivery.message.body)).toEqual(["later"]);
    } finally {
      vi.useRealTimers();
      broker.close();
    }
  });

  it("shares a queue's deliveries between its consumers in turn", async () => {
    const broker = new InProcessBroker();
    broker.declareQueue("q", ["e"]);
    const [first, second, third] = [
      collect(broker, "q", 10),
      collect(broker, "q", 10),
      collect(broker, "q", 10),
    ];
    for (const body of ["1", "2", "3", "4", "5", "6", "7"]) broker.publish("e", body);
    await tick();
    const bodies = (deliveries: BrokerDelivery[]) => deliveries.map((delivery) => delivery.message.body);
    expect([bodies(first), bodies(second), bodies(third)]).toEqual([
      ["1", "4", "7"],
      ["2", "5"],
      ["3", "6"],
    ]);
  });

  // Mutation: `queue.next + tried` as `queue.next - tried` in #nextFreeConsumer, which then finds no
  // consumer with room (message 4 waits) or gives the next message to the wrong one (message 5).
  it("gives a message to the next consumer in turn with room, skipping a full one", async () => {
    const broker = new InProcessBroker();
    broker.declareQueue("q", ["e"]);
    const [first, second, third] = [
      collect(broker, "q", 1),
      collect(broker, "q", 1),
      collect(broker, "q", 1),
    ];
    for (const body of ["1", "2", "3"]) broker.publish("e", body);
    await tick();
    second[0]?.settle();
    // The first consumer, whose turn it is, still holds message 1: message 4 goes to the second.
    broker.publish("e", "4");
    await tick();
    third[0]?.settle();
    second[1]?.settle();
    // The turn has moved past the second consumer: message 5 goes to the third.
    broker.publish("e", "5");
    await tick();
    const bodies = (deliveries: BrokerDelivery[]) => deliveries.map((delivery) => delivery.message.body);
    expect([bodies(first), bodies(second), bodies(third)]).toEqual([["1"], ["2", "4"], ["3", "5"]]);
  });

  // Mutation: the filter in cancel() and disconnect() keeping no consumer (`() => undefined`, `false`).
  it("cancels or disconnects only the consumer asked, leaving the queue's others consuming", async () => {
    const broker = new InProcessBroker();
    broker.declareQueue("q", ["e"]);
    const staying = collect(broker, "q", 10);
    const cancelled = broker.consume("q", 10, () => {});
    const disconnected = broker.consume("q", 10, () => {});
    cancelled.cancel();
    disconnected.disconnect();
    for (const body of ["1", "2", "3"]) broker.publish("e", body);
    await tick();
    expect(staying.map((delivery) => delivery.message.body)).toEqual(["1", "2", "3"]);
  });

  it("stops delivering to a cancelled consumer, which may still settle what it holds", async () => {
    const broker = new InProcessBroker();
    broker.declareQueue("q", ["e"]);
    const deliveries: BrokerDelivery[] = [];
    const handle = broker.consume("q", 1, (delivery) => deliveries.push(delivery));
    broker.publish("e", "1");
    await tick();
    handle.cancel();
    broker.publish("e", "2");
    await tick();
    expect(deliveries.map((delivery) => delivery.message.body)).toEqual(["1"]);
    expect(deliveries[0]?.settle()).toBe(true);
    // Settled once, a delivery cannot be settled again.
    expect(deliveries[0]?.settle()).toBe(false);
    expect(broker.peek("q", 10).map((message) => message.body)).toEqual(["2"]);
  });

  it("gives a disconnected consumer's unacked deliveries to the next consumer, counting the failed delivery", async () => {
    const broker = new InProcessBroker();
    broker.declareQueue("q", ["e"]);
    const deliveries: BrokerDelivery[] = [];
    const handle = broker.consume("q", 5, (delivery) => deliveries.push(delivery));
    broker.publish("e", "1");
    await tick();
    handle.disconnect();
    const next = collect(broker, "q", 5);
    await tick();
    expect(next.map((delivery) => [delivery.message.body, delivery.message.failedDeliveries])).toEqual([
      ["1", 1],
    ]);
    expect(deliveries[0]?.settle()).toBe(false);
  });

  it("peeks at no more than it is asked, taking nothing", () => {
    const broker = new InProcessBroker();
    broker.declareQueue("q", ["e"]);
    for (const body of ["1", "2", "3"]) broker.publish("e", body);
    expect(broker.peek("q", 2).map((message) => message.body)).toEqual(["1", "2"]);
    expect(broker.take("q", 10).map((message) => message.body)).toEqual(["1", "2", "3"]);
    expect(broker.hasQueue("q")).toBe(true);
    expect(broker.hasQueue("nothing")).toBe(false);
  });

  it("drops delayed deliveries when closed", async () => {
    const broker = new InProcessBroker();
    broker.declareQueue("q", []);
    const deliveries = collect(broker, "q", 10);
    broker.sendToQueueAfter("q", 20, { body: "late", headers: {}, routingKey: "q", failedDeliveries: 0 });
    broker.close();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(deliveries).toEqual([]);
  });
});
