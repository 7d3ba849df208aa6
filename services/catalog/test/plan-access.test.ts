import { randomUUID } from "node:crypto";
import { createEvent } from "@tubedigest/contracts";
import type { FakeChannel } from "@tubedigest/testing/youtube";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordPlanAccess } from "../src/events/record-plan-access.ts";
import {
  asUser,
  type CatalogUnderTest,
  type ContextUnderTest,
  deliver,
  planActivated,
  startCatalog,
  startContext,
} from "./support/catalog-harness.ts";
import { fakeChannel } from "./support/youtube-fixtures.ts";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

function expired(userId: string, occurredAt: Date) {
  return createEvent(
    "subscription.expired",
    { userId, plan: null, channelAllowance: 5, previousPlan: "solo", reason: "cancelled" },
    { correlationId: "billing-sweep", occurredAt },
  );
}

describe("the channel allowance from billing's events (queue catalog.plan-access)", () => {
  let catalog: CatalogUnderTest;
  const channels: FakeChannel[] = Array.from({ length: 8 }, (_, i) => fakeChannel({ title: `Plan ${i}` }));

  beforeAll(async () => {
    catalog = await startCatalog();
    for (const channel of channels) catalog.fake.addChannel(channel);
  });
  afterAll(() => catalog.stop());

  const add = (userId: string, i: number) =>
    catalog.app.inject({
      method: "POST",
      url: "/api/user/channels",
      headers: asUser(userId),
      payload: { youtubeChannelId: channels[i]?.id },
    });
  const stored = (userId: string) =>
    catalog.database.db
      .selectFrom("user_plans")
      .select(["plan", "channel_allowance", "changed_at", "updated_at"])
      .where("user_id", "=", userId)
      .executeTakeFirst();

  it("holds a solo subscriber to one channel, with the message naming the plans that allow more", async () => {
    const user = randomUUID();
    await deliver(catalog, planActivated(user, "solo", 1));
    expect((await add(user, 0)).statusCode).toBe(201);
    const second = await add(user, 1);
    expect(second.statusCode).toBe(403);
    expect(second.json()).toEqual({
      message:
        "Your Solo plan allows 1 channel. The Premium plan allows up to 5 channels, and the Pro plan up to 25.",
    });
  });

  it("goes back to the default allowance when the subscription expires", async () => {
    const user = randomUUID();
    await deliver(catalog, planActivated(user, "solo", 1, minutesAgo(10)));
    expect((await add(user, 0)).statusCode).toBe(201);
    expect((await add(user, 1)).statusCode).toBe(403);

    await deliver(catalog, expired(user, minutesAgo(1)));
    expect(await stored(user)).toMatchObject({ plan: null, channel_allowance: 5 });
    for (let i = 1; i < 5; i++) expect((await add(user, i)).statusCode).toBe(201);
    const sixth = await add(user, 5);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toEqual({
      message: "Without a paid plan you can follow 5 channels. The Pro plan allows up to 25 channels.",
    });
  });

  it("ignores an event older than the one stored, whichever arrives first", async () => {
    const user = randomUUID();
    const newer = createEvent(
      "subscription.changed",
      { userId: user, plan: "pro", channelAllowance: 25, previousPlan: "solo" },
      { correlationId: "billing-upgrade", occurredAt: minutesAgo(1) },
    );
    await deliver(catalog, newer);
    const before = await stored(user);
    expect(before).toMatchObject({ plan: "pro", channel_allowance: 25 });

    await deliver(catalog, planActivated(user, "solo", 1, minutesAgo(5)));
    await deliver(catalog, expired(user, minutesAgo(3)));
    expect(await stored(user)).toEqual(before);
    for (let i = 0; i < 6; i++) expect((await add(user, i)).statusCode).toBe(201);
  });

  it("takes each of billing's five events as the access now in force", async () => {
    const user = randomUUID();
    const at = (minutes: number) => ({ correlationId: "billing", occurredAt: minutesAgo(minutes) });
    const events = [
      planActivated(user, "creator", 5, minutesAgo(50)),
      createEvent(
        "subscription.changed",
        { userId: user, plan: "pro", channelAllowance: 25, previousPlan: "creator" },
        at(40),
      ),
      createEvent(
        "subscription.cancelled",
        { userId: user, plan: "pro", channelAllowance: 25, endsAt: "2026-12-22T09:00:00.000Z" },
        at(30),
      ),
      expired(user, minutesAgo(20)),
      createEvent(
        "trial.ended",
        { userId: user, plan: null, channelAllowance: 2, endedAt: "2026-11-29T09:00:00.000Z" },
        at(10),
      ),
    ];
    const seen = [];
    for (const event of events) {
      await deliver(catalog, event);
      const row = await stored(user);
      seen.push([event.name, row?.plan, row?.channel_allowance]);
    }
    expect(seen).toEqual([
      ["subscription.activated", "creator", 5],
      ["subscription.changed", "pro", 25],
      ["subscription.cancelled", "pro", 25],
      ["subscription.expired", null, 5],
      ["trial.ended", null, 2],
    ]);
  });
});

describe("a redelivered plan event", () => {
  let harness: ContextUnderTest;
  const delivery = { log: pino({ level: "silent" }), attempt: 1, queue: "catalog.plan-access" };

  beforeAll(async () => {
    harness = await startContext();
  });
  afterAll(() => harness.stop());

  it("changes the stored access once", async () => {
    const user = randomUUID();
    const handle = recordPlanAccess<"subscription.activated">(harness.context);
    const event = planActivated(user, "premium", 5);
    const read = () =>
      harness.context.db
        .selectFrom("user_plans")
        .selectAll()
        .where("user_id", "=", user)
        .executeTakeFirstOrThrow();

    await handle(event, delivery);
    const first = await read();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await handle(event, { ...delivery, attempt: 2 });
    // Billing's word is the same either way; the row not being written again shows the inbox skipped it.
    expect(await read()).toEqual(first);
    const handled = await harness.context.db
      .selectFrom("inbox")
      .select("event_id")
      .where("event_id", "=", event.id)
      .execute();
    expect(handled).toHaveLength(1);
  });
});
