import { ANY_CONTENT_TYPE, emailAddress, hostileBodies } from "@tubedigest/testing";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SummaryFailedError, WriterUnavailableError } from "../src/writers/summary-writer.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import {
  type SummariserUnderTest,
  startSummariser,
  transcriptAbout,
  transcriptsFrom,
} from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const CHANNEL = `UC${"p".repeat(22)}`;
const QUIET_CHANNEL = `UC${"q".repeat(22)}`;
const NEEDS_BOTH = "No channels or email found. Please return to the homepage and try again.";

describe("POST /api/generate-newsletter-preview (Postgres, a writer the test drives)", () => {
  const catalog = catalogStandIn([
    { id: "captioned01", channelId: CHANNEL, title: "Sourdough basics", hoursAgo: 3 },
    { id: "nocaptions1", channelId: CHANNEL, title: "Bread <b>& butter</b> [link](x)", hoursAgo: 30 },
    { id: "oldvideo001", channelId: CHANNEL, title: "Last month", hoursAgo: 24 * 30 },
    { id: "quietoldvid", channelId: QUIET_CHANNEL, title: "Long ago", hoursAgo: 24 * 20 },
  ]);
  const transcripts = transcriptsFrom({ captioned01: transcriptAbout("sourdough") });
  const control = controlledWriter();
  let summariser: SummariserUnderTest;

  beforeAll(async () => {
    summariser = await startSummariser(
      {
        writer: control.writer,
        transcripts: transcripts.source,
        catalog: catalog.client,
        claims: { pollMs: 20 },
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

  it("summarises the week's videos, marks the one without captions, and counts each channel's week", async () => {
    const reply = await preview({
      email: "visitor@example.com",
      channels: [channel(CHANNEL, "Bakery"), channel(QUIET_CHANNEL, "Quiet one")],
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body.channels).toEqual([
      { title: "Bakery", videoCount: 2 },
      { title: "Quiet one", videoCount: 0 },
    ]);
    expect(body.pending).toBe(0);
    expect(body.content).toContain("- **Point 1 about sourdough");
    expect(body.content).toContain("([0:30](https://www.youtube.com/watch?v=captioned01&t=30s))");
    // Title and description, never markup: the title's tags and link are text.
    expect(body.content).toContain(
      "### [Bread \\<b\\>& butter\\</b\\> \\[link\\](x)](https://www.youtube.com/watch?v=nocaptions1)",
    );
    expect(body.content).toContain(
      "_Summarised from the video's title and description: it has no captions._",
    );
    expect(body.content).toContain("## Quiet one\n\n_No new videos this week.");
    expect(body.content).not.toContain("Last month");
    const rows = await summariser.database.db
      .selectFrom("summaries")
      .selectAll()
      .orderBy("video_id")
      .execute();
    expect(rows.map((row) => [row.video_id, row.status, row.basis])).toEqual([
      ["captioned01", "ready", "transcript"],
      ["nocaptions1", "ready", "description"],
    ]);
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
      "_1 summary is still being written. They will be in your first newsletter._",
    );
    expect(reply.json().content).toContain("- **Point 1 about sourdough");
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

  it("takes over a claim whose holder stopped renewing it", async () => {
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
});
