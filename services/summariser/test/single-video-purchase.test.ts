import { randomUUID } from "node:crypto";
import { HttpError } from "@tubedigest/http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SummaryFailedError } from "../src/writers/summary-writer.ts";
import { billingStandIn } from "./support/billing-stand-in.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import {
  asUser,
  type SummariserUnderTest,
  startSummariser,
  transcriptAbout,
  transcriptsFrom,
} from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const CHANNEL = `UC${"o".repeat(22)}`;

describe("POST /api/process-individual-video, a subscriber's single-video purchase (Postgres, RabbitMQ)", () => {
  const catalog = catalogStandIn([
    { id: "shortvideo1", channelId: CHANNEL, title: "Forty minutes", durationSeconds: 40 * 60 },
    { id: "longvideo01", channelId: CHANNEL, title: "Three hours", durationSeconds: 3 * 3600 },
    { id: "toolongvid1", channelId: CHANNEL, title: "Five hours", durationSeconds: 4 * 3600 + 1 },
    { id: "liveliveliv", channelId: CHANNEL, title: "On air", liveStatus: "live", durationSeconds: null },
    { id: "failingvid1", channelId: CHANNEL, title: "Cannot be done", durationSeconds: 600 },
  ]);
  const billing = billingStandIn();
  const control = controlledWriter();
  let summariser: SummariserUnderTest;

  beforeAll(async () => {
    summariser = await startSummariser({
      writer: control.writer,
      transcripts: transcriptsFrom({ shortvideo1: transcriptAbout("forty minutes") }).source,
      catalog: catalog.client,
      billing: billing.client,
    });
  });
  afterAll(() => summariser.stop());
  afterEach(() => {
    billing.refuseWith(undefined);
    control.failWith(undefined);
    control.open();
  });

  const buy = (videoUrl: unknown, userId: string | null = randomUUID()) =>
    summariser.app.inject({
      method: "POST",
      url: "/api/process-individual-video",
      headers: userId === null ? {} : asUser(userId),
      payload: { videoUrl } as object,
    });
  const outbox = (name: string) =>
    summariser.database.db.selectFrom("outbox").selectAll().where("event_name", "=", name).execute();
  const eventsNamed = async (name: string) =>
    (await outbox(name)).map((row) => (typeof row.event === "string" ? JSON.parse(row.event) : row.event));

  it("holds the price by length, answers at once, then publishes the summary for the mailer and billing", async () => {
    const userId = randomUUID();
    control.hold();
    const reply = await buy("https://www.youtube.com/watch?v=shortvideo1", userId);
    expect(reply.statusCode, reply.body).toBe(202);
    expect(reply.json()).toEqual({ message: "Your summary will be sent to your e-mail shortly." });
    const hold = [...billing.holds.values()].find((placed) => placed.userId === userId);
    expect(hold).toMatchObject({ videoId: "shortvideo1", durationSeconds: 2_400, amountCents: 199 });
    control.open();
    await expect
      .poll(
        async () => (await eventsNamed("video.summarised")).filter((e) => e.data.userId === userId).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    const [event] = (await eventsNamed("video.summarised")).filter((e) => e.data.userId === userId);
    expect(event.data).toMatchObject({
      userId,
      holdId: hold?.id,
      videoId: "shortvideo1",
      title: "Forty minutes",
      url: "https://www.youtube.com/watch?v=shortvideo1",
      basis: "transcript",
    });
    expect(event.data.markdown).toContain("- **Point 1 about forty minutes");
    const order = await summariser.database.db
      .selectFrom("single_video_orders")
      .selectAll()
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ status: "delivered", hold_id: hold?.id });
  });

  it("takes a double click or a retried request as the same purchase: one hold, one summary event", async () => {
    const userId = randomUUID();
    control.hold();
    const replies = await Promise.all([1, 2, 3].map(() => buy("youtu.be/longvideo01", userId)));
    for (const reply of replies) expect(reply.statusCode).toBe(202);
    expect([...billing.holds.values()].filter((placed) => placed.userId === userId)).toHaveLength(1);
    control.open();
    await expect
      .poll(
        async () => (await eventsNamed("video.summarised")).filter((e) => e.data.userId === userId).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(
      (await eventsNamed("video-summary.requested")).filter((e) => e.data.userId === userId),
    ).toHaveLength(1);
  });

  it("publishes video-summary.failed, for billing to release the charge, when the video cannot be summarised", async () => {
    const userId = randomUUID();
    control.failWith(() => new SummaryFailedError("The model kept answering in the wrong shape."));
    expect((await buy("youtu.be/failingvid1", userId)).statusCode).toBe(202);
    await expect
      .poll(
        async () =>
          (await eventsNamed("video-summary.failed")).filter((e) => e.data.userId === userId).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    const [event] = (await eventsNamed("video-summary.failed")).filter((e) => e.data.userId === userId);
    expect(event.data.reason).toBe("The model kept answering in the wrong shape.");
    expect((await eventsNamed("video.summarised")).filter((e) => e.data.userId === userId)).toHaveLength(0);
  });

  it("refuses a video over 4 hours and a live stream before any charge", async () => {
    const holds = billing.holds.size;
    const tooLong = await buy("youtu.be/toolongvid1");
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toBe("Videos over 4 hours cannot be summarised.");
    const live = await buy("youtu.be/liveliveliv");
    expect(live.statusCode).toBe(422);
    expect(billing.holds.size).toBe(holds);
  });

  it("passes billing's refusal on (no saved card) and lets the purchase be tried again", async () => {
    const userId = randomUUID();
    billing.refuseWith(new HttpError(402, "Add a card in your billing settings to buy single summaries."));
    const refused = await buy("youtu.be/shortvideo1", userId);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe("Add a card in your billing settings to buy single summaries.");
    billing.refuseWith(undefined);
    expect((await buy("youtu.be/shortvideo1", userId)).statusCode).toBe(202);
  });

  it.each([
    ["", "Please enter a YouTube video URL"],
    ["   ", "Please enter a YouTube video URL"],
    ["https://www.youtube.com/shorts/shortvideo1", "Please enter a valid YouTube video URL"],
    ["https://www.youtube.com/embed/shortvideo1", "Please enter a valid YouTube video URL"],
    ["https://example.com/watch?v=shortvideo1", "Please enter a valid YouTube video URL"],
    ["youtu.be/short", "Please enter a valid YouTube video URL"],
  ])("refuses %j with SPEC §5's message and no charge", async (videoUrl, message) => {
    const holds = billing.holds.size;
    const reply = await buy(videoUrl);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message });
    expect(billing.holds.size).toBe(holds);
  });

  it("refuses a missing field, a wrong type and an unknown field with a 400 and a message", async () => {
    for (const payload of [{}, { videoUrl: 42 }, { videoUrl: "youtu.be/shortvideo1", amount: 1 }]) {
      const reply = await summariser.app.inject({
        method: "POST",
        url: "/api/process-individual-video",
        headers: asUser(randomUUID()),
        payload,
      });
      expect(reply.statusCode).toBe(400);
      expect(typeof reply.json().message).toBe("string");
    }
  });

  it("is for signed-in subscribers only", async () => {
    const reply = await buy("youtu.be/shortvideo1", null);
    expect(reply.statusCode).toBe(401);
    expect(reply.json().message).toBe("Please sign in to continue.");
  });
});
