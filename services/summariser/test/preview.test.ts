import { randomUUID } from "node:crypto";
import { inlineText, readDigestMarkdown } from "@tubedigest/contracts/digest";
import { callerHeaders, claimHolderHeaders, clientAddressHeaders } from "@tubedigest/http/caller-proof";
import { ANY_CONTENT_TYPE, emailAddress, hostileBodies } from "@tubedigest/testing/hostile-input";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  SummaryFailedError,
  WriterUnavailableError,
} from "../src/adapters/summary-writers/summary-writer.ts";
import { digestWeek, weekLabel, weekStartDay } from "../src/digest/digest-week.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import {
  IDENTITY_SECRET,
  type SummariserUnderTest,
  startSummariser,
  transcriptAbout,
  transcriptsFrom,
} from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const CHANNEL = `UC${"p".repeat(22)}`;
const QUIET_CHANNEL = `UC${"q".repeat(22)}`;
const OTHER_CHANNEL = `UC${"o".repeat(22)}`;
const NEEDS_BOTH = "No channels or email found. Please return to the homepage and try again.";

describe("POST /api/generate-newsletter-preview (Postgres, a writer the test drives)", () => {
  const catalog = catalogStandIn(
    [
      { id: "captioned01", channelId: CHANNEL, title: "Sourdough basics", hoursAgo: 3 },
      { id: "nocaptions1", channelId: CHANNEL, title: "Bread <b>& butter</b> [link](x)", hoursAgo: 30 },
      { id: "thirdvideo1", channelId: CHANNEL, title: "Rye, slowly", hoursAgo: 50 },
      { id: "fourthvideo", channelId: CHANNEL, title: "Starter care", hoursAgo: 70 },
      { id: "oldvideo001", channelId: CHANNEL, title: "Last month", hoursAgo: 24 * 30 },
      { id: "quietoldvid", channelId: QUIET_CHANNEL, title: "Long ago", hoursAgo: 24 * 20 },
      { id: "otherweek01", channelId: OTHER_CHANNEL, title: "Knife skills", hoursAgo: 5 },
    ],
    { [CHANNEL]: "The Bakery", [QUIET_CHANNEL]: "Quiet one", [OTHER_CHANNEL]: "Kitchen" },
  );
  const transcripts = transcriptsFrom({ captioned01: transcriptAbout("sourdough") });
  const control = controlledWriter();
  let summariser: SummariserUnderTest;

  beforeAll(async () => {
    summariser = await startSummariser(
      {
        writer: control.writer,
        transcripts: transcripts.source,
        catalog: catalog.client,
        leases: { pollMs: 20 },
      },
      { settings: { previewWaitMs: 1_000 } },
    );
  });
  afterAll(() => summariser.stop());
  afterEach(() => {
    control.open();
    control.failWith(undefined);
    catalog.setDown(false);
  });

  const preview = (payload: unknown) =>
    summariser.app.inject({
      method: "POST",
      url: "/api/generate-newsletter-preview",
      payload: payload as object,
    });
  const channel = (youtubeId: string, title: string) => ({
    youtubeId,
    title,
    description: "",
    thumbnailUrl: "",
  });

  it("answers the first video's summary in full and only titles and counts for the rest, making no other summary", async () => {
    const reply = await preview({
      email: "visitor@example.com",
      channels: [
        channel(CHANNEL, "Bakery"),
        channel(OTHER_CHANNEL, "Kitchen"),
        channel(QUIET_CHANNEL, "Quiet"),
      ],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body.channels).toEqual([
      { title: "The Bakery", videoCount: 4 },
      { title: "Kitchen", videoCount: 1 },
      { title: "Quiet one", videoCount: 0 },
    ]);
    expect(body.pending).toBe(0);
    // The subject and the week a digest of these channels made now would carry: the channels with new
    // videos, the newest upload's first, and the week's Monday.
    const { weekStart } = digestWeek("UTC", new Date());
    expect(body.subject).toBe(`Your week of ${weekStartDay(weekStart)}: The Bakery and Kitchen`);
    expect(body.content.startsWith(`# ${weekLabel(weekStart)}\n\n- `)).toBe(true);
    expect(body.content).toContain("\n\n## The Bakery\n\n");
    // The week at a glance, from what the page shows readable: it cites only the videos listed, counts
    // the week's videos as the page does (The Bakery has four), and quotes no summary, not even the first
    // video's printed just below it.
    const glance = readDigestMarkdown(body.content).glance ?? [];
    expect(glance.map((line) => inlineText(line.text))).toEqual([
      "The Bakery posted “Sourdough basics” and 3 more videos.",
      "Kitchen posted “Knife skills”.",
    ]);
    for (const line of glance) {
      for (const source of line.sources)
        expect(source.url).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
      expect(inlineText(line.text)).not.toMatch(/Knife skills, point|Point \d about/);
    }

    // The first video, as the page shows it readable: its points with their moments.
    expect(body.content).toContain("- **Point 1 about sourdough");
    expect(body.content).toContain("([0:30](https://www.youtube.com/watch?v=captioned01&t=30s))");
    // The rest: titles (as text, never markup) and counts, and no summary at all.
    expect(body.content).toContain(
      "### [Bread \\<b\\>& butter\\</b\\> \\[link\\](x)](https://www.youtube.com/watch?v=nocaptions1)",
    );
    expect(body.content).toContain("### [Rye, slowly]");
    expect(body.content).toContain("_…and 1 more video this week in your newsletter._");
    expect(body.content).toContain("### [Knife skills]");
    expect(body.content.match(/^- \*\*/gm)).toHaveLength(3);
    expect(body.content).not.toContain("Knife skills, point");
    expect(body.content).not.toContain("_Source: the title and description only");
    expect(body.content).toContain("## Quiet one\n\n_No new videos this week.");
    expect(body.content).not.toContain("Last month");
    const rows = await summariser.database.db.selectFrom("summaries").selectAll().execute();
    expect(rows.map((row) => [row.video_id, row.status])).toEqual([["captioned01", "ready"]]);
  });

  it("heads each channel with catalog's title, never the one the browser sent", async () => {
    const reply = await preview({
      email: "visitor@example.com",
      channels: [channel(CHANNEL, "Reset your password at https://evil.example")],
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().channels).toEqual([{ title: "The Bakery", videoCount: 4 }]);
    expect(reply.json().content).toContain("## The Bakery");
    // One channel, whose videos' summaries are not shown but the first's: nothing to say above them.
    expect(readDigestMarkdown(reply.json().content).glance).toEqual([]);
    expect(reply.json().content).toMatch(/^# .*\n\n## The Bakery\n/);
    expect(reply.body).not.toContain("evil.example");
  });

  it("asks for captions once and describes each video once, however often it is previewed", async () => {
    const asked = transcripts.asked.length;
    const described = catalog.calls.describeVideo;
    for (let round = 0; round < 3; round++) {
      expect(
        (await preview({ email: "a@example.com", channels: [channel(CHANNEL, "Bakery")] })).statusCode,
      ).toBe(200);
    }
    expect(transcripts.asked.length).toBe(asked);
    expect(catalog.calls.describeVideo).toBe(described);
  });

  it("answers by its deadline with what is ready, says what is still being written, and keeps writing", async () => {
    catalog.add({ id: "slowvideo01", channelId: CHANNEL, title: "Slow one", hoursAgo: 1 });
    control.hold();
    const started = Date.now();
    const reply = await preview({ email: "a@example.com", channels: [channel(CHANNEL, "Bakery")] });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(reply.statusCode).toBe(200);
    expect(reply.json().pending).toBe(1);
    expect(reply.json().content).toContain(
      "### [Slow one](https://www.youtube.com/watch?v=slowvideo01)\n\n_This summary is still being written; it will be in your newsletter._",
    );
    control.open();
    await expect
      .poll(
        async () =>
          (
            await summariser.database.db
              .selectFrom("summaries")
              .select("status")
              .where("video_id", "=", "slowvideo01")
              .executeTakeFirst()
          )?.status,
      )
      .toBe("ready");
  });

  it("stores a failure with its reason and does not ask the model again before it may", async () => {
    catalog.add({ id: "failing0001", channelId: CHANNEL, title: "Unsummarisable", hoursAgo: 0.5 });
    control.failWith(() => new SummaryFailedError("The model kept answering in the wrong shape."));
    const first = await preview({ email: "a@example.com", channels: [channel(CHANNEL, "Bakery")] });
    expect(first.json().content).toContain(
      "_This summary could not be made just now; your newsletter will try again._",
    );
    const writes = control.writes.filter((id) => id === "failing0001").length;
    await preview({ email: "a@example.com", channels: [channel(CHANNEL, "Bakery")] });
    expect(control.writes.filter((id) => id === "failing0001").length).toBe(writes);
    const row = await summariser.database.db
      .selectFrom("summaries")
      .selectAll()
      .where("video_id", "=", "failing0001")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
    expect(row.failure_reason).toBe("The model kept answering in the wrong shape.");
    expect(row.retry_after?.getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000);
  });

  it("retries a model outage soon, not tomorrow", async () => {
    catalog.add({ id: "outage00001", channelId: QUIET_CHANNEL, title: "During an outage", hoursAgo: 2 });
    control.failWith(() => new WriterUnavailableError("503 after retries"));
    await preview({ email: "a@example.com", channels: [channel(QUIET_CHANNEL, "Quiet one")] });
    const row = await summariser.database.db
      .selectFrom("summaries")
      .selectAll()
      .where("video_id", "=", "outage00001")
      .executeTakeFirstOrThrow();
    expect(row.status).toBe("failed");
    expect(row.retry_after?.getTime()).toBeLessThan(Date.now() + 5 * 60_000);
  });

  it("takes over a lease whose holder stopped renewing it", async () => {
    catalog.add({ id: "orphaned001", channelId: QUIET_CHANNEL, title: "Orphaned", hoursAgo: 1 });
    await summariser.database.db
      .insertInto("summaries")
      .values({
        video_id: "orphaned001",
        version: "controlled/1",
        status: "pending",
        claimed_by: "a-dead-replica",
        lease_until: new Date(Date.now() - 1_000),
      })
      .execute();
    const reply = await preview({ email: "a@example.com", channels: [channel(QUIET_CHANNEL, "Quiet one")] });
    expect(reply.json().content).toContain("### [Orphaned]");
    const row = await summariser.database.db
      .selectFrom("summaries")
      .selectAll()
      .where("video_id", "=", "orphaned001")
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "ready", attempts: 2, claimed_by: null });
  });

  it("refuses an unknown channel with a 404 naming it, before any summary", async () => {
    const writes = control.writes.length;
    const reply = await preview({
      email: "a@example.com",
      channels: [channel(`UC${"z".repeat(22)}`, "Nobody's")],
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.json().message).toBe(
      'We could not find the channel "Nobody\'s" on YouTube. Please return to the homepage and choose it again.',
    );
    expect(control.writes.length).toBe(writes);
  });

  it("answers catalog's outage as a 503 saying to try again", async () => {
    catalog.setDown(true);
    const reply = await preview({ email: "a@example.com", channels: [channel(CHANNEL, "Bakery")] });
    expect(reply.statusCode).toBe(503);
    expect(reply.json().message).toMatch(/not answering right now\. Please try again/);
  });

  it.each([
    ["no e-mail", { channels: [channel(CHANNEL, "Bakery")] }, NEEDS_BOTH],
    ["no channels", { email: "a@example.com" }, NEEDS_BOTH],
    ["an empty channel list", { email: "a@example.com", channels: [] }, NEEDS_BOTH],
    ["channels that are not a list", { email: "a@example.com", channels: "UC" }, NEEDS_BOTH],
    [
      "an invalid e-mail",
      { email: "not an address", channels: [channel(CHANNEL, "Bakery")] },
      "Please enter a valid email address",
    ],
    [
      "a malformed channel id",
      { email: "a@example.com", channels: [channel("UC123", "Bakery")] },
      /YouTube channel id/,
    ],
    [
      "26 channels",
      { email: "a@example.com", channels: Array.from({ length: 26 }, () => channel(CHANNEL, "B")) },
      /at most 25 channels/,
    ],
    [
      "a NUL in a title",
      { email: "a@example.com", channels: [channel(CHANNEL, "Bak\u0000ery")] },
      /control characters/,
    ],
  ])("refuses %s with a 400 and a message, asking nobody", async (_, payload, message) => {
    const calls = catalog.calls.channelVideos;
    const reply = await preview(payload);
    expect(reply.statusCode).toBe(400);
    expect(reply.json().message).toMatch(message);
    expect(catalog.calls.channelVideos).toBe(calls);
  });

  it("answers hostile bodies (controls, lone surrogates, wrong types, any content type) without a 5xx", async () => {
    const fields = {
      email: emailAddress,
      channels: fc.array(
        fc.record({ youtubeId: fc.constantFrom(CHANNEL, QUIET_CHANNEL), title: fc.string({ minLength: 1 }) }),
        { minLength: 1, maxLength: 3 },
      ),
    };
    await fc.assert(
      fc.asyncProperty(hostileBodies(fields), ANY_CONTENT_TYPE, async (body, contentType) => {
        const reply = await summariser.app.inject({
          method: "POST",
          url: "/api/generate-newsletter-preview",
          headers: { "content-type": contentType },
          payload: body,
        });
        expect(reply.statusCode, `${body} → ${reply.body}`).toBeLessThan(500);
        if (reply.statusCode >= 400) expect(typeof reply.json().message).toBe("string");
      }),
      { numRuns: 150 },
    );
  });

  it("summarises the first channel with new videos, and names the newest upload's channel first in the subject", async () => {
    const [empty, early, late] = [`UC${"m".repeat(22)}`, `UC${"e".repeat(22)}`, `UC${"l".repeat(22)}`];
    catalog.add({ id: "emptyoldvid", channelId: empty, title: "Weeks ago", hoursAgo: 24 * 20 });
    catalog.add({ id: "earlyvideo1", channelId: early, title: "Early riser", hoursAgo: 8 });
    for (const n of [1, 2, 3, 4, 5])
      catalog.add({ id: `latevideo0${n}`, channelId: late, title: `Late ${n}`, hoursAgo: n + 1 });
    const reply = await preview({
      email: "visitor@example.com",
      channels: [channel(empty, "Empty"), channel(early, "Early"), channel(late, "Late")],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    // The page lists the channels as picked...
    expect(body.channels).toEqual([
      { title: `Channel ${empty}`, videoCount: 0 },
      { title: `Channel ${early}`, videoCount: 1 },
      { title: `Channel ${late}`, videoCount: 5 },
    ]);
    // ...and the subject as a digest would carry it: the upload of 2 hours ago before the one of 8.
    expect(body.subject).toMatch(new RegExp(`: Channel ${late} and Channel ${early}$`));
    // The empty channel has nothing to summarise: the next channel's video is the one shown in full.
    const rows = await summariser.database.db
      .selectFrom("summaries")
      .select("video_id")
      .where("video_id", "in", ["earlyvideo1", "latevideo01"])
      .execute();
    expect(rows.map((row) => row.video_id)).toEqual(["earlyvideo1"]);
    expect(body.content).not.toContain("This summary is still being written");
    // Only a channel with more videos than the page lists says how many more.
    expect(body.content.match(/more videos? this week in your newsletter/g)).toEqual([
      "more videos this week in your newsletter",
    ]);
    expect(body.content).toContain("_…and 2 more videos this week in your newsletter._");
  });
});

describe("the preview's account and client (Postgres, the gateway's proofs)", () => {
  const catalog = catalogStandIn(
    [
      { id: "firstvideo1", channelId: CHANNEL, title: "First", hoursAgo: 2 },
      { id: "secondvideo", channelId: CHANNEL, title: "Second", hoursAgo: 20 },
    ],
    { [CHANNEL]: "The Bakery", [QUIET_CHANNEL]: "Quiet one" },
  );
  const transcripts = transcriptsFrom({ firstvideo1: transcriptAbout("crumb") });
  const control = controlledWriter();
  /** The most new channels a client may preview a day, small so the test can reach it. */
  const CAP = 3;
  let summariser: SummariserUnderTest;

  beforeAll(async () => {
    summariser = await startSummariser(
      { writer: control.writer, transcripts: transcripts.source, catalog: catalog.client },
      { settings: { previewWaitMs: 5_000, previewNewChannelsPerDay: CAP } },
    );
  });
  afterAll(() => summariser.stop());

  const preview = (channelIds: string[], headers: Record<string, string> = {}) =>
    summariser.app.inject({
      method: "POST",
      url: "/api/generate-newsletter-preview",
      headers,
      payload: {
        email: "visitor@example.com",
        channels: channelIds.map((youtubeId) => ({ youtubeId, title: "Whatever the browser says" })),
      },
    });
  const from = (address: string) => clientAddressHeaders(IDENTITY_SECRET, address, randomUUID());
  const shown = async (userId: string) =>
    (
      await summariser.database.db
        .selectFrom("outbox")
        .select("event")
        .where("event_name", "=", "preview.shown")
        .execute()
    )
      .map((row) => (typeof row.event === "string" ? JSON.parse(row.event) : row.event))
      .filter((event) => event.data.userId === userId);

  it("records preview.shown for the claim holder's account: catalog's title and the shown summary's points", async () => {
    const holder = randomUUID();
    const requestId = randomUUID();
    const reply = await preview([CHANNEL, QUIET_CHANNEL], {
      ...clientAddressHeaders(IDENTITY_SECRET, "198.51.100.10", requestId),
      ...claimHolderHeaders(IDENTITY_SECRET, holder, requestId),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const [event, ...more] = await shown(holder);
    expect(more).toEqual([]);
    expect(event.data).toMatchObject({
      userId: holder,
      channelTitle: "The Bakery",
      channelId: CHANNEL,
      bullets: [
        expect.stringMatching(/^Point 1 about crumb/),
        expect.stringMatching(/^Point 2 about crumb/),
        expect.stringMatching(/^Point 3 about crumb/),
      ],
    });
  });

  it("records it for a signed-in user too, and for nobody when the visitor is anonymous", async () => {
    const user = randomUUID();
    const requestId = randomUUID();
    await preview([CHANNEL], {
      ...clientAddressHeaders(IDENTITY_SECRET, "198.51.100.11", requestId),
      ...callerHeaders(IDENTITY_SECRET, user, requestId),
    });
    expect(await shown(user)).toHaveLength(1);
    const before = await summariser.database.db
      .selectFrom("outbox")
      .select("event_name")
      .where("event_name", "=", "preview.shown")
      .execute();
    expect((await preview([CHANNEL], from("198.51.100.12"))).statusCode).toBe(200);
    const after = await summariser.database.db
      .selectFrom("outbox")
      .select("event_name")
      .where("event_name", "=", "preview.shown")
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it("refuses a client's new channels over the day's cap with a 429 saying when, and lets the same channels and other clients through", async () => {
    const channels = Array.from({ length: CAP + 1 }, (_, n) => `UC${String(n).padStart(22, "x")}`);
    for (const id of channels) catalog.add({ id: `v${id.slice(2, 12)}`, channelId: id, title: "A video" });
    const client = "203.0.113.20";
    expect((await preview(channels.slice(0, 2), from(client))).statusCode).toBe(200);
    expect((await preview(channels.slice(2, 3), from(client))).statusCode).toBe(200);

    const refused = await preview([channels[3] as string], from(client));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      "You have previewed 3 new channels today, the most a day allows. Please try again in about 24 hours; channels you previewed today can be previewed again now.",
    );
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(23 * 3600);
    // Refused before catalog or the model is asked.
    expect(
      await summariser.database.db
        .selectFrom("preview_clients")
        .selectAll()
        .where("youtube_channel_id", "=", channels[3] as string)
        .execute(),
    ).toEqual([]);

    expect((await preview(channels.slice(0, 3), from(client))).statusCode).toBe(200);
    expect((await preview([channels[3] as string], from("203.0.113.21"))).statusCode).toBe(200);

    // A day later the first ones no longer count.
    await summariser.database.db
      .updateTable("preview_clients")
      .set({ previewed_at: new Date(Date.now() - 25 * 3_600_000) })
      .where("client", "=", client)
      .where("youtube_channel_id", "in", channels.slice(0, 2))
      .execute();
    expect((await preview([channels[3] as string], from(client))).statusCode).toBe(200);
  });

  it("refuses a preview of more new channels than a whole day allows at once, and lets exactly that many through", async () => {
    const channels = Array.from({ length: CAP + 1 }, (_, n) => `UC${String(n).padStart(22, "q")}`);
    for (const id of channels) catalog.add({ id: `q${id.slice(2, 12)}`, channelId: id, title: "A video" });
    const refused = await preview(channels, from("203.0.113.30"));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: "A preview can show at most 3 new channels a day. Please choose fewer channels.",
    });
    expect(refused.headers["retry-after"]).toBe("86400");
    expect((await preview(channels.slice(0, CAP), from("203.0.113.31"))).statusCode).toBe(200);
  });

  it("says to come back when the client's earliest channel of the day ages out", async () => {
    const channels = Array.from({ length: CAP + 1 }, (_, n) => `UC${String(n).padStart(22, "r")}`);
    for (const id of channels) catalog.add({ id: `r${id.slice(2, 12)}`, channelId: id, title: "A video" });
    const client = "203.0.113.40";
    for (const id of channels.slice(0, CAP)) expect((await preview([id], from(client))).statusCode).toBe(200);
    // The first was previewed 20 hours ago, the others just now: one new channel fits in 4 hours.
    await summariser.database.db
      .updateTable("preview_clients")
      .set({ previewed_at: new Date(Date.now() - 20 * 3_600_000) })
      .where("client", "=", client)
      .where("youtube_channel_id", "=", channels[0] as string)
      .execute();
    const refused = await preview([channels[CAP] as string], from(client));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/Please try again in about 4 hours;/);
    const seconds = Number(refused.headers["retry-after"]);
    expect(seconds).toBeGreaterThan(4 * 3600 - 60);
    expect(seconds).toBeLessThanOrEqual(4 * 3600);
  });

  it("counts an IPv6 network as one client, and a browser's own forwarded-for as nothing", async () => {
    const channels = Array.from({ length: CAP + 1 }, (_, n) => `UC${String(n).padStart(22, "y")}`);
    for (const id of channels) catalog.add({ id: `w${id.slice(2, 12)}`, channelId: id, title: "A video" });
    for (const [n, id] of channels.slice(0, CAP).entries()) {
      const reply = await preview([id], from(`2001:db8:5:7::${n + 1}`));
      expect(reply.statusCode).toBe(200);
    }
    expect((await preview([channels[CAP] as string], from("2001:db8:5:7:ffff::9"))).statusCode).toBe(429);
    expect((await preview([channels[CAP] as string], from("2001:db8:5:8::1"))).statusCode).toBe(200);

    const direct = Array.from({ length: CAP + 1 }, (_, n) => `UC${String(n).padStart(22, "z")}`);
    for (const [n, id] of direct.entries()) {
      const reply = await preview([id], { "x-forwarded-for": `192.0.2.${n + 1}` });
      expect(reply.statusCode).toBe(n < CAP ? 404 : 429);
    }
  });
});
