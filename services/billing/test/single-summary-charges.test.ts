import { randomUUID } from "node:crypto";
import { contractOf } from "@tubedigest/contracts";
import { eventually } from "@tubedigest/testing/eventually";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser, type BillingUnderTest, startBilling } from "./support/billing-harness.ts";

describe("single summary charges settled by the summariser's events (test mode, Postgres, RabbitMQ)", () => {
  let billing: BillingUnderTest;
  beforeAll(async () => {
    billing = await startBilling({ testMode: true });
  });
  afterAll(() => billing.stop());

  async function heldCharge() {
    const { userId } = await billing.register();
    const reply = await billing.app.inject({
      method: "POST",
      url: "/internal/holds",
      payload: { holdKey: randomUUID(), videoId: "dQw4w9WgXcQ", durationSeconds: 600, amountCents: 199 },
      headers: asUser(userId),
    });
    expect(reply.statusCode).toBe(200);
    return { userId, holdId: reply.json().id as string };
  }
  const statusOf = async (holdId: string) =>
    (
      await billing.database.db
        .selectFrom("holds")
        .select("status")
        .where("id", "=", holdId)
        .executeTakeFirst()
    )?.status;
  const order = (userId: string, holdId: string) => ({
    orderId: randomUUID(),
    userId,
    holdId,
    videoId: "dQw4w9WgXcQ",
  });

  it("captures the charge when the summary is delivered, once however often the event arrives", async () => {
    const { userId, holdId } = await heldCharge();
    const data = { ...contractOf("video.summarised").example, ...order(userId, holdId) };
    await billing.testBus.bus.publish("video.summarised", data, { correlationId: "purchase" });
    await billing.testBus.bus.publish("video.summarised", data, { correlationId: "purchase" });
    await eventually(async () => ((await statusOf(holdId)) === "captured" ? true : undefined));
  });

  it("releases the charge when the summary could not be made", async () => {
    const { userId, holdId } = await heldCharge();
    await billing.testBus.bus.publish(
      "video-summary.failed",
      { ...order(userId, holdId), reason: "The model kept answering in the wrong shape." },
      { correlationId: "purchase" },
    );
    await eventually(async () => ((await statusOf(holdId)) === "released" ? true : undefined));
  });

  it("leaves a charge settled the other way as it is", async () => {
    const { userId, holdId } = await heldCharge();
    await billing.testBus.bus.publish(
      "video-summary.failed",
      { ...order(userId, holdId), reason: "failed" },
      { correlationId: "purchase" },
    );
    await eventually(async () => ((await statusOf(holdId)) === "released" ? true : undefined));
    await billing.testBus.bus.publish(
      "video.summarised",
      { ...contractOf("video.summarised").example, ...order(userId, holdId) },
      { correlationId: "purchase" },
    );
    // A later, unrelated charge settles: the queue moved on past the conflicting event.
    const later = await heldCharge();
    await billing.testBus.bus.publish(
      "video.summarised",
      { ...contractOf("video.summarised").example, ...order(later.userId, later.holdId) },
      { correlationId: "purchase" },
    );
    await eventually(async () => ((await statusOf(later.holdId)) === "captured" ? true : undefined));
    expect(await statusOf(holdId)).toBe("released");
  });
});
