import { randomUUID } from "node:crypto";
import type { FakeChannel } from "@tubedigest/testing/youtube";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { quotaDayOf } from "../src/domain/quota-day.ts";
import {
  asUser,
  type CatalogUnderTest,
  deliver,
  planActivated,
  startCatalog,
} from "./support/catalog-harness.ts";
import { channelId, fakeChannel } from "./support/youtube-fixtures.ts";

const takeout = (channels: readonly { id: string; title: string }[]) =>
  [
    "Channel Id,Channel Url,Channel Title",
    ...channels.map(({ id, title }) => `${id},http://www.youtube.com/channel/${id},"${title}"`),
    "",
  ].join("\r\n");
const opml = (ids: readonly string[]) =>
  `<?xml version="1.0"?><opml version="1.1"><body><outline text="YouTube">${ids
    .map((id) => `<outline type="rss" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel_id=${id}"/>`)
    .join("")}</outline></body></opml>`;
const base64 = (text: string | Uint8Array) => Buffer.from(text).toString("base64");

// These tests call catalog directly, so they set the caller header the gateway sets in production.
describe("importing subscriptions (fake Data API, Postgres, the real outbox)", () => {
  let catalog: CatalogUnderTest;
  // Three lookups' worth: 50, 50 and 20 ids.
  const channels: FakeChannel[] = Array.from({ length: 120 }, (_, i) =>
    fakeChannel({ title: `Imported channel ${i}`, subscriberCount: 5_000 + i }),
  );
  const nth = (i: number) => channels[i] as FakeChannel;
  const deleted = [channelId(), channelId()];

  beforeAll(async () => {
    catalog = await startCatalog();
    for (const channel of channels) catalog.fake.addChannel(channel);
  });
  afterAll(() => catalog.stop());
  beforeEach(() => {
    catalog.fake.heal();
    catalog.fake.resetCalls();
  });

  const preview = (userId: string, file: string | Uint8Array) =>
    catalog.app.inject({
      method: "POST",
      url: "/api/user/channels/import/preview",
      headers: asUser(userId),
      payload: { file: base64(file) },
    });
  const importChannels = (userId: string, youtubeChannelIds: readonly string[]) =>
    catalog.app.inject({
      method: "POST",
      url: "/api/user/channels/import",
      headers: asUser(userId),
      payload: { youtubeChannelIds },
    });
  const followedBy = async (userId: string) =>
    (
      await catalog.database.db
        .selectFrom("follows")
        .select("youtube_channel_id")
        .where("user_id", "=", userId)
        .orderBy("youtube_channel_id")
        .execute()
    ).map((row) => row.youtube_channel_id);
  const followEvents = async (userId: string) =>
    (
      await catalog.database.db
        .selectFrom("outbox")
        .select("event")
        .where("event_name", "=", "channel.followed")
        .execute()
    ).filter((row) => JSON.stringify(row.event).includes(userId));
  const lookupUnits = async () =>
    (
      await catalog.database.db
        .selectFrom("quota_ledger")
        .select("lookup_units")
        .where("day", "=", quotaDayOf(new Date()))
        .executeTakeFirst()
    )?.lookup_units ?? 0;

  it("looks up a file's 120 channels 50 ids a call, 3 units in the ledger, and lists the unknown ones", async () => {
    const user = randomUUID();
    const file = takeout([
      ...channels.slice(0, 60).map((channel) => ({ id: channel.id, title: channel.title })),
      { id: deleted[0] as string, title: "A deleted channel" },
      ...channels.slice(60).map((channel) => ({ id: channel.id, title: "A title from the file" })),
      { id: deleted[1] as string, title: "Another one, gone" },
    ]);
    const units = await lookupUnits();
    const response = await preview(user, file);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.format).toBe("takeout-csv");
    expect(body.skippedRows).toBe(0);
    expect(body.channels).toHaveLength(120);
    expect(body.channels[61]).toEqual({
      youtubeChannelId: nth(61).id,
      // YouTube's title, not the file's.
      title: "Imported channel 61",
      thumbnailUrl: nth(61).thumbnailUrl,
      subscriberCount: 5_061,
      following: false,
    });
    expect(body.notFound).toEqual([
      { youtubeChannelId: deleted[0], title: "A deleted channel" },
      { youtubeChannelId: deleted[1], title: "Another one, gone" },
    ]);
    expect(catalog.fake.calls.channels).toBe(3);
    expect(await lookupUnits()).toBe(units + 3);
    expect(await followedBy(user)).toEqual([]);

    // Looked up again, the channels come from the cache: no call, no unit.
    catalog.fake.resetCalls();
    expect((await preview(user, opml(channels.slice(0, 50).map((channel) => channel.id)))).statusCode).toBe(
      200,
    );
    expect(catalog.fake.calls.channels).toBe(0);
    expect(await lookupUnits()).toBe(units + 3);
  });

  it("follows the 5 chosen on Premium in one request, one event each, and a retry adds nothing", async () => {
    const user = randomUUID();
    await deliver(catalog, planActivated(user, "premium", 5));
    const file = opml(channels.slice(0, 30).map((channel) => channel.id));
    const looked = (await preview(user, file)).json();
    expect(looked.format).toBe("opml");
    expect(looked.channels).toHaveLength(30);
    catalog.fake.resetCalls();
    const chosen = [nth(3).id, nth(7).id, nth(11).id, nth(20).id, nth(29).id];

    const imported = await importChannels(user, chosen);
    expect(imported.statusCode).toBe(200);
    expect(imported.json().added).toEqual(chosen);
    expect(imported.json().notFound).toEqual([]);
    expect(imported.json().channels.map((channel: { id: string }) => channel.id)).toEqual(chosen);
    expect(imported.json().channels[0]).toEqual({
      id: nth(3).id,
      youtubeChannelId: nth(3).id,
      title: nth(3).title,
      description: nth(3).description,
      thumbnailUrl: nth(3).thumbnailUrl,
      subscriberCount: nth(3).subscriberCount,
    });
    // The lookup cached every channel, so following costs nothing more.
    expect(catalog.fake.calls.channels).toBe(0);
    expect(await followedBy(user)).toEqual([...chosen].sort());
    expect(await followEvents(user)).toHaveLength(5);

    const retried = await importChannels(user, chosen);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().added).toEqual([]);
    expect(retried.json().channels).toHaveLength(5);
    expect(await followEvents(user)).toHaveLength(5);

    // The next lookup marks them as followed.
    const again = (await preview(user, file)).json();
    expect(again.channels.filter((channel: { following: boolean }) => channel.following)).toHaveLength(5);
  });

  it("refuses a choice past the allowance whole, asking YouTube nothing, and takes those already followed", async () => {
    const user = randomUUID();
    await deliver(catalog, planActivated(user, "premium", 5));
    const first = await importChannels(user, [nth(40).id, nth(41).id]);
    expect(first.json().added).toEqual([nth(40).id, nth(41).id]);

    // Channels never looked up, so following them would ask YouTube: the refusal comes first.
    const unseen = Array.from({ length: 4 }, (_, i) => fakeChannel({ title: `Unseen ${i}` }));
    for (const channel of unseen) catalog.fake.addChannel(channel);
    catalog.fake.resetCalls();
    const over = await importChannels(user, [nth(40).id, ...unseen.map((channel) => channel.id)]);
    expect(over.statusCode).toBe(403);
    expect(over.json()).toEqual({
      message:
        "You chose 4 channels to add and 3 more fit. Your Premium plan allows 5 channels. The Pro plan allows up to 25 channels.",
    });
    expect(catalog.fake.calls.channels).toBe(0);
    expect(await followedBy(user)).toEqual([nth(40).id, nth(41).id].sort());
    expect(await followEvents(user)).toHaveLength(2);

    // Those already followed count once: 2 followed + 3 new is the allowance.
    const fits = await importChannels(user, [nth(41).id, nth(40).id, ...unseen.slice(0, 3).map((c) => c.id)]);
    expect(fits.statusCode).toBe(200);
    expect(fits.json().added).toEqual(unseen.slice(0, 3).map((channel) => channel.id));
    expect(catalog.fake.calls.channels).toBe(1);
    expect(await followedBy(user)).toHaveLength(5);
  });

  it("lists a chosen channel YouTube does not know and follows the others", async () => {
    const user = randomUUID();
    const response = await importChannels(user, [nth(50).id, deleted[0] as string]);
    expect(response.statusCode).toBe(200);
    expect(response.json().added).toEqual([nth(50).id]);
    expect(response.json().notFound).toEqual([deleted[0]]);
    expect(await followedBy(user)).toEqual([nth(50).id]);
  });

  it("answers 503 when YouTube fails mid-file, having followed nothing and spent what it asked", async () => {
    const user = randomUUID();
    const fresh = Array.from({ length: 75 }, (_, i) => fakeChannel({ title: `Fresh ${i}` }));
    for (const channel of fresh) catalog.fake.addChannel(channel);
    const file = takeout(fresh.map((channel) => ({ id: channel.id, title: channel.title })));
    const units = await lookupUnits();
    // YouTube fails the next call: the follow's one lookup, then the file's first batch.
    catalog.fake.fail("channels", { kind: "serverError" }, 1);
    catalog.fake.resetCalls();
    const failed = await importChannels(
      user,
      fresh.slice(0, 5).map((channel) => channel.id),
    );
    expect(failed.statusCode).toBe(503);
    expect(failed.json()).toEqual({
      message: "YouTube is not answering right now. Please try again in a moment.",
    });
    expect(await followedBy(user)).toEqual([]);

    catalog.fake.fail("channels", { kind: "serverError" }, 1);
    const response = await preview(user, file);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: "YouTube is not answering right now. Please try again in a moment.",
    });
    // One failed call stops the lookup: nothing more is spent on a YouTube that is failing.
    expect(catalog.fake.calls.channels).toBe(2);
    expect(await lookupUnits()).toBe(units + 2);
    expect(await followedBy(user)).toEqual([]);
  });

  it("answers 503 once YouTube's quota is spent, and asks nothing more that day", async () => {
    const other = await startCatalog();
    try {
      const fresh = Array.from({ length: 60 }, () => fakeChannel());
      for (const channel of fresh) other.fake.addChannel(channel);
      other.fake.fail("channels", { kind: "quotaExceeded" }, 1);
      const user = randomUUID();
      const send = () =>
        other.app.inject({
          method: "POST",
          url: "/api/user/channels/import/preview",
          headers: asUser(user),
          payload: { file: base64(takeout(fresh.map((channel) => ({ id: channel.id, title: "x" })))) },
        });
      const response = await send();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: "YouTube's daily limit for this site is reached. Please try again tomorrow.",
      });
      expect(other.fake.calls.channels).toBe(1);
      expect((await send()).statusCode).toBe(503);
      expect(other.fake.calls.channels).toBe(1);
    } finally {
      await other.stop();
    }
  });

  it("looks up at most 200 calls' worth a day for one reader, then refuses asking nothing; others go on", async () => {
    const reader = randomUUID();
    const known = opml(channels.slice(0, 50).map((channel) => channel.id));
    expect((await preview(randomUUID(), known)).statusCode).toBe(200);
    catalog.fake.resetCalls();
    // 5,000 ids nobody asked about: 100 calls each time.
    const unseenFile = () => takeout(Array.from({ length: 5_000 }, () => ({ id: channelId(), title: "x" })));
    for (const _ of [1, 2]) expect((await preview(reader, unseenFile())).statusCode).toBe(200);
    expect(catalog.fake.calls.channels).toBe(200);
    const refused = await preview(reader, unseenFile());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message:
        "You have looked up as many subscriptions files as we can today. Please try again tomorrow, or add channels by search.",
    });
    expect(catalog.fake.calls.channels).toBe(200);
    // Channels already known cost nothing, so they are still answered.
    expect((await preview(reader, opml(channels.slice(0, 50).map((channel) => channel.id)))).statusCode).toBe(
      200,
    );
    expect((await preview(randomUUID(), unseenFile())).statusCode).toBe(200);
    expect(catalog.fake.calls.channels).toBe(300);
  });

  it.each([
    ["a ZIP archive", Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 1, 2, 3), 400, /This is a ZIP archive/],
    ["invalid UTF-8", Uint8Array.of(0x43, 0x68, 0xc3, 0x28, 0x0a), 400, /This is not a CSV or OPML file/],
    ["NUL characters", "Channel Id\u0000,x\n", 400, /This is not a CSV or OPML file/],
    ["no channel ids", "name,address\nSomeone,somewhere\n", 400, /We found no YouTube channel ids/],
    ["over 1 MB", "x".repeat(1024 * 1024 + 1), 413, /larger than 1 MB/],
    [
      "over 5,000 rows",
      takeout(Array.from({ length: 5_001 }, () => ({ id: channels[0]?.id as string, title: "x" }))),
      400,
      /more than 5,000 rows/,
    ],
  ] as const)(
    "refuses %s with a message saying what to do, looking nothing up",
    async (_name, file, status, message) => {
      const user = randomUUID();
      const response = await preview(user, file);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toMatch(message);
      expect(catalog.fake.calls.channels).toBe(0);
      expect(await followedBy(user)).toEqual([]);
    },
  );

  it.each([
    ["/api/user/channels/import/preview", {}, "Send the file's bytes base64-encoded in the field file."],
    [
      "/api/user/channels/import/preview",
      { file: "not base64!" },
      "Send the file's bytes base64-encoded in the field file.",
    ],
    [
      "/api/user/channels/import/preview",
      { file: 42 },
      "Send the file's bytes base64-encoded in the field file.",
    ],
    ["/api/user/channels/import", {}, "youtubeChannelIds must be 1 to 5,000 YouTube channel ids (UC…)."],
    [
      "/api/user/channels/import",
      { youtubeChannelIds: [] },
      "youtubeChannelIds must be 1 to 5,000 YouTube channel ids (UC…).",
    ],
    [
      "/api/user/channels/import",
      { youtubeChannelIds: ["UCshort"] },
      "youtubeChannelIds must be 1 to 5,000 YouTube channel ids (UC…).",
    ],
    [
      "/api/user/channels/import",
      { youtubeChannelIds: ["UCaaaaaaaaaaaaaaaaaaaa\u0000a"] },
      "youtubeChannelIds must be 1 to 5,000 YouTube channel ids (UC…).",
    ],
    [
      "/api/user/channels/import",
      { youtubeChannelIds: Array.from({ length: 5_001 }, (_, i) => `UC${String(i).padStart(22, "a")}`) },
      "youtubeChannelIds must be 1 to 5,000 YouTube channel ids (UC…).",
    ],
  ])("refuses to %s a bad body with a 400 (%#)", async (url, payload, message) => {
    const response = await catalog.app.inject({
      method: "POST",
      url,
      headers: asUser(randomUUID()),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it.each([
    ["/api/user/channels/import/preview", { file: base64(opml([channelId()])) }],
    ["/api/user/channels/import/preview", { file: "not base64!" }],
    ["/api/user/channels/import", { youtubeChannelIds: [channelId()] }],
    ["/api/user/channels/import", { youtubeChannelIds: [] }],
  ])("answers %s without a signed-in user with a 401, whatever the body", async (url, payload) => {
    const response = await catalog.app.inject({ method: "POST", url, payload });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Please sign in to continue." });
  });
});
