import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DigestRepository, digestId } from "../src/store/digest-repository.ts";
import { channelId, type DigestEvents, daysFrom, digestEvents } from "./support/digest-events.ts";
import { type SummariserUnderTest, startSummariser } from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

describe("the digest's read models: recipients and follows from other services' events (Postgres, RabbitMQ)", () => {
  let summariser: SummariserUnderTest;
  let events: DigestEvents;

  beforeAll(async () => {
    summariser = await startSummariser({ writer: controlledWriter().writer });
    events = digestEvents(summariser.testBus.bus, summariser.database.db);
  });
  afterAll(() => summariser.stop());

  const recipient = (userId: string) =>
    summariser.database.db
      .selectFrom("recipients")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirst();
  const follows = (userId: string) =>
    summariser.database.db
      .selectFrom("follows")
      .select(["youtube_channel_id", "title", "following"])
      .where("user_id", "=", userId)
      .orderBy("youtube_channel_id")
      .execute();

  it("keeps a user's zone, registration, trial, plan and unsubscription", async () => {
    const userId = randomUUID();
    const registeredAt = new Date("2026-11-10T12:00:00Z");
    await events.register(userId, { timeZone: "Asia/Kolkata", at: registeredAt });
    await events.startTrial(userId, daysFrom(registeredAt, 7), registeredAt);
    await events.activate(userId, daysFrom(registeredAt, 3));
    await events.unsubscribe(userId, daysFrom(registeredAt, 4));
    await events.applied();
    expect(await recipient(userId)).toMatchObject({
      time_zone: "Asia/Kolkata",
      registered_at: registeredAt,
      trial_ends_at: daysFrom(registeredAt, 7),
      plan_active: true,
      unsubscribed: true,
    });
  });

  it("makes the row for an event about a user it has not heard of, and fills it in as the rest arrives", async () => {
    const userId = randomUUID();
    await events.activate(userId);
    await events.applied();
    expect(await recipient(userId)).toMatchObject({
      time_zone: "UTC",
      registered_at: null,
      plan_active: true,
      unsubscribed: false,
    });
    await events.register(userId, { timeZone: "Europe/London", at: new Date("2026-11-01T08:00:00Z") });
    await events.applied();
    expect(await recipient(userId)).toMatchObject({
      time_zone: "Europe/London",
      registered_at: new Date("2026-11-01T08:00:00Z"),
      plan_active: true,
    });
  });

  it("never lets an older event undo a newer one, aspect by aspect", async () => {
    const userId = randomUUID();
    const t = (minutes: number) => new Date(Date.parse("2026-11-20T10:00:00Z") + minutes * 60_000);
    // Newest first: the expiry, the resubscription and the move to Sydney, then what came before them.
    await events.expire(userId, t(30));
    await events.resubscribe(userId, t(20));
    await events.moveTo(userId, "Australia/Sydney", t(10));
    await events.applied();
    await events.cancel(userId, t(25));
    await events.activate(userId, t(5));
    await events.unsubscribe(userId, t(15));
    await events.register(userId, { timeZone: "America/New_York", at: t(0) });
    await events.applied();
    expect(await recipient(userId)).toMatchObject({
      time_zone: "Australia/Sydney",
      registered_at: t(0),
      plan_active: false,
      plan_changed_at: t(30),
      unsubscribed: false,
      unsubscribed_changed_at: t(20),
    });
  });

  it("keeps a cancelled plan active until it expires", async () => {
    const userId = randomUUID();
    await events.activate(userId, new Date("2026-11-01T00:00:00Z"));
    await events.cancel(userId, new Date("2026-11-02T00:00:00Z"));
    await events.applied();
    expect((await recipient(userId))?.plan_active).toBe(true);
    await events.expire(userId, new Date("2026-11-30T00:00:00Z"));
    await events.applied();
    expect((await recipient(userId))?.plan_active).toBe(false);
  });

  it("ends a trial early when billing says it ended", async () => {
    const userId = randomUUID();
    await events.startTrial(userId, new Date("2026-11-27T00:00:00Z"), new Date("2026-11-20T00:00:00Z"));
    await events.endTrial(userId, new Date("2026-11-26T00:00:00Z"));
    await events.applied();
    expect((await recipient(userId))?.trial_ends_at).toEqual(new Date("2026-11-26T00:00:00Z"));
  });

  it("takes a zone it does not know, or none, as UTC", async () => {
    const userId = randomUUID();
    await events.register(userId, { timeZone: "Mars/Olympus_Mons" });
    await events.applied();
    expect((await recipient(userId))?.time_zone).toBe("UTC");
    await events.moveTo(userId, "Europe/Paris");
    await events.applied();
    expect((await recipient(userId))?.time_zone).toBe("Europe/Paris");
    await events.moveTo(userId, undefined);
    await events.applied();
    expect((await recipient(userId))?.time_zone).toBe("UTC");
  });

  it("keeps follows and unfollows, out of order too, and a redelivered follow changes nothing", async () => {
    const userId = randomUUID();
    const [a, b, c] = [channelId("a"), channelId("b"), channelId("c")];
    const followA = await events.follow(userId, a, "Alpha", new Date("2026-11-20T10:00:00Z"));
    await events.follow(userId, b, "Beta", new Date("2026-11-20T10:00:00Z"));
    await events.applied();
    await events.unfollow(userId, a, "Alpha", new Date("2026-11-21T10:00:00Z"));
    // The unfollow of c arrives before its follow, which happened first.
    await events.unfollow(userId, c, "Gamma", new Date("2026-11-21T10:00:00Z"));
    await events.follow(userId, c, "Gamma", new Date("2026-11-20T10:00:00Z"));
    await events.applied();
    await events.publish(followA.name, followA.data, new Date(followA.occurredAt), followA.id);
    await events.applied();
    expect(await follows(userId)).toEqual([
      { youtube_channel_id: a, title: "Alpha", following: false },
      { youtube_channel_id: b, title: "Beta", following: true },
      { youtube_channel_id: c, title: "Gamma", following: false },
    ]);
    // Followed again later: back in the digest.
    await events.follow(userId, a, "Alpha (new name)", new Date("2026-11-22T10:00:00Z"));
    await events.applied();
    expect((await follows(userId))[0]).toEqual({
      youtube_channel_id: a,
      title: "Alpha (new name)",
      following: true,
    });
    // What composing a digest reads of them: the channels followed now, in the order they were followed.
    const row = { user_id: userId, week_key: "2026-W48", week_start: "2026-11-23" };
    const readers = await new DigestRepository(summariser.database.db).readersOf([
      { ...row, due_at: new Date("2026-11-23T09:00:00Z") },
    ]);
    expect(readers.get(digestId({ userId, weekKey: "2026-W48" }))?.follows).toEqual([
      { youtube_channel_id: b, title: "Beta" },
      { youtube_channel_id: a, title: "Alpha (new name)" },
    ]);
  });
});
