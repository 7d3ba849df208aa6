import { randomUUID } from "node:crypto";
import { HttpError } from "@tubedigest/http/http-error";
import { ANY_CONTENT_TYPE, hostileBodies } from "@tubedigest/testing/hostile-input";
import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { SummaryFailedError } from "../src/adapters/summary-writers/summary-writer.ts";
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
/** Longer than the 500 characters the purchase's events carry. */
const LONG_TITLE = "A title that goes on and on. ".repeat(25);

describe("a subscriber's single summary: price first, charge on confirm (Postgres, RabbitMQ)", () => {
  const catalog = catalogStandIn([
    { id: "shortvideo1", channelId: CHANNEL, title: "Forty minutes", durationSeconds: 40 * 60 },
    { id: "longvideo01", channelId: CHANNEL, title: "Three hours", durationSeconds: 3 * 3600 },
    { id: "toolongvid1", channelId: CHANNEL, title: "Five hours", durationSeconds: 4 * 3600 + 1 },
    { id: "liveliveliv", channelId: CHANNEL, title: "On air", liveStatus: "live", durationSeconds: null },
    { id: "failingvid1", channelId: CHANNEL, title: "Cannot be done", durationSeconds: 600 },
    { id: "longtitled1", channelId: CHANNEL, title: LONG_TITLE, durationSeconds: 600 },
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
    billing.payWith("test");
    control.failWith(undefined);
    control.open();
  });

  const post = (url: string, payload: unknown, userId: string | null) =>
    summariser.app.inject({
      method: "POST",
      url,
      headers: userId === null ? {} : asUser(userId),
      payload: payload as object,
    });
  const quote = (videoUrl: unknown, userId: string | null = randomUUID()) =>
    post("/api/process-individual-video/quote", { videoUrl }, userId);
  const confirm = (quoteId: unknown, userId: string | null) =>
    post("/api/process-individual-video", { quoteId }, userId);
  const list = async (userId: string) =>
    (
      await summariser.app.inject({ method: "GET", url: "/api/single-summaries", headers: asUser(userId) })
    ).json();
  const eventsNamed = async (name: string, userId: string) =>
    (await summariser.database.db.selectFrom("outbox").selectAll().where("event_name", "=", name).execute())
      .map((row) => (typeof row.event === "string" ? JSON.parse(row.event) : row.event))
      .filter((event) => event.data.userId === userId);

  it("shows the title, length and billing's price, and holds nothing until the confirm", async () => {
    const userId = randomUUID();
    const reply = await quote("https://www.youtube.com/watch?v=shortvideo1", userId);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toMatchObject({
      videoId: "shortvideo1",
      title: "Forty minutes",
      url: "https://www.youtube.com/watch?v=shortvideo1",
      durationSeconds: 2_400,
      amountCents: 199,
      payment: "test",
    });
    const expiresIn = Date.parse(reply.json().expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(14 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(15 * 60_000);
    expect((await quote("youtu.be/longvideo01", userId)).json().amountCents).toBe(399);
    expect(billing.holdsOf(userId)).toEqual([]);
    expect(await list(userId)).toEqual([]);
    expect(await eventsNamed("video-summary.requested", userId)).toEqual([]);
  });

  it("on confirm holds exactly the price shown, shows progress, then the summary and what was charged", async () => {
    const userId = randomUUID();
    const { quoteId } = (await quote("https://www.youtube.com/watch?v=shortvideo1", userId)).json();
    control.hold();
    const reply = await confirm(quoteId, userId);
    expect(reply.statusCode, reply.body).toBe(202);
    expect(reply.json()).toEqual({
      message: "Your summary will be sent to your e-mail shortly.",
      id: quoteId,
    });
    const [hold] = billing.holdsOf(userId);
    expect(hold).toMatchObject({ videoId: "shortvideo1", durationSeconds: 2_400, amountCents: 199 });
    // The worker has it and waits on the model.
    await expect.poll(async () => (await list(userId))[0]?.status, { timeout: 10_000 }).toBe("summarising");
    expect((await list(userId))[0]).toMatchObject({ charge: "held", amountCents: 199, summary: null });

    control.open();
    await expect.poll(async () => (await list(userId))[0]?.status, { timeout: 10_000 }).toBe("ready");
    const [ready] = await list(userId);
    expect(ready).toMatchObject({
      id: quoteId,
      videoId: "shortvideo1",
      title: "Forty minutes",
      durationSeconds: 2_400,
      amountCents: 199,
      testMode: true,
      charge: "charged",
    });
    expect(ready.summary).toContain("- **Point 1 about forty minutes");
    const [event] = await eventsNamed("video.summarised", userId);
    expect(event.data).toMatchObject({
      orderId: quoteId,
      holdId: hold?.id,
      videoId: "shortvideo1",
      title: "Forty minutes",
      basis: "transcript",
      charge: { amountCents: 199, testMode: true },
    });
    expect(event.data.markdown).toBe(ready.summary);
  });

  it("holds a video once: a double confirm is the same purchase, another price of it at once or later is refused", async () => {
    const userId = randomUUID();
    const first = (await quote("youtu.be/longvideo01", userId)).json().quoteId;
    const second = (await quote("https://youtube.com/watch?v=longvideo01", userId)).json().quoteId;
    control.hold();
    const confirmed = [first, first, second];
    const replies = await Promise.all(confirmed.map((quoteId) => confirm(quoteId, userId)));
    expect(billing.holdsOf(userId)).toHaveLength(1);
    // Whichever price was confirmed first is the purchase; the other's confirm is refused.
    const bought = replies.find((reply) => reply.statusCode === 202)?.json().id;
    replies.forEach((reply, index) => {
      if (confirmed[index] === bought) {
        expect(reply.statusCode, reply.body).toBe(202);
        expect(reply.json().id).toBe(bought);
      } else {
        expect(reply.statusCode, reply.body).toBe(409);
        expect(reply.json()).toEqual({ message: "You already have this summary" });
      }
    });
    control.open();
    await expect
      .poll(async () => (await list(userId)).map((item: { status: string }) => item.status))
      .toEqual(["ready"]);
    expect(await eventsNamed("video-summary.requested", userId)).toHaveLength(1);
    expect(await eventsNamed("video.summarised", userId)).toHaveLength(1);

    // Once delivered: the other price, or a new one, is refused; the purchase confirmed again is still it.
    const other = confirmed.find((quoteId) => quoteId !== bought);
    for (const again of [await confirm(other, userId), await quote("youtu.be/longvideo01", userId)]) {
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toEqual({ message: "You already have this summary" });
    }
    const retried = await confirm(bought, userId);
    expect(retried.statusCode, retried.body).toBe(202);
    expect(retried.json().id).toBe(bought);
    expect(billing.holdsOf(userId)).toHaveLength(1);
    expect(await list(userId)).toHaveLength(1);
  });

  it("places again a purchase left being placed (its process died while asking billing), after ten minutes only", async () => {
    const userId = randomUUID();
    const { quoteId } = (await quote("youtu.be/shortvideo1", userId)).json();
    const leftPlacing = async (minutesAgo: number) => {
      await summariser.database.db
        .updateTable("single_video_orders")
        .set({ status: "placing", confirmed_at: new Date(Date.now() - minutesAgo * 60_000) })
        .where("id", "=", quoteId)
        .execute();
    };
    await leftPlacing(9);
    const meanwhile = await confirm(quoteId, userId);
    expect(meanwhile.statusCode, meanwhile.body).toBe(202);
    expect(meanwhile.json().id).toBe(quoteId);
    expect(billing.holdsOf(userId)).toEqual([]);

    await leftPlacing(11);
    expect((await confirm(quoteId, userId)).statusCode).toBe(202);
    expect(billing.holdsOf(userId)).toHaveLength(1);
    await expect.poll(async () => (await list(userId))[0]?.status, { timeout: 10_000 }).toBe("ready");
  });

  it("releases the charge when the video cannot be summarised, and lists it as not charged", async () => {
    const userId = randomUUID();
    control.failWith(() => new SummaryFailedError("The model kept answering in the wrong shape."));
    const { quoteId } = (await quote("youtu.be/failingvid1", userId)).json();
    expect((await confirm(quoteId, userId)).statusCode).toBe(202);
    await expect.poll(async () => (await list(userId))[0]?.status, { timeout: 10_000 }).toBe("failed");
    expect((await list(userId))[0]).toMatchObject({ charge: "not-charged", amountCents: 199, summary: null });
    const [event] = await eventsNamed("video-summary.failed", userId);
    expect(event.data).toMatchObject({
      reason: "The model kept answering in the wrong shape.",
      charge: { amountCents: 199, testMode: true },
    });
    expect(await eventsNamed("video.summarised", userId)).toHaveLength(0);

    // Nothing was taken: the video may be bought again.
    const again = await quote("youtu.be/failingvid1", userId);
    expect(again.statusCode, again.body).toBe(200);
    expect((await confirm(again.json().quoteId, userId)).statusCode).toBe(202);
    expect(billing.holdsOf(userId)).toHaveLength(2);
  });

  it("names a video of a very long title by its first 500 characters in the e-mail's event", async () => {
    const userId = randomUUID();
    const { quoteId } = (await quote("youtu.be/longtitled1", userId)).json();
    expect((await confirm(quoteId, userId)).statusCode).toBe(202);
    await expect.poll(async () => (await list(userId))[0]?.status, { timeout: 10_000 }).toBe("ready");
    const [event] = await eventsNamed("video.summarised", userId);
    expect(event.data.title).toBe(LONG_TITLE.slice(0, 500));
  });

  it("refuses a video over 4 hours (billing's rule) and a live stream before any price", async () => {
    const userId = randomUUID();
    const tooLong = await quote("youtu.be/toolongvid1", userId);
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json().message).toBe("Videos over 4 hours cannot be summarised.");
    const live = await quote("youtu.be/liveliveliv", userId);
    expect(live.statusCode).toBe(422);
    expect(live.json().message).toMatch(/live or not published yet/);
    expect(billing.holdsOf(userId)).toEqual([]);
  });

  it("asks catalog again about a live stream ten minutes on, and prices it once it has ended", async () => {
    const userId = randomUUID();
    const onAir = { id: "endinglive1", channelId: CHANNEL, title: "Launch night" };
    catalog.add({ ...onAir, liveStatus: "live", durationSeconds: null });
    expect((await quote("youtu.be/endinglive1", userId)).statusCode).toBe(422);
    catalog.add({ ...onAir, liveStatus: "none", durationSeconds: 40 * 60 });
    const asked = catalog.calls.describeVideo;
    // Within ten minutes the stream is taken as still live, without asking catalog.
    expect((await quote("youtu.be/endinglive1", userId)).statusCode).toBe(422);
    expect(catalog.calls.describeVideo).toBe(asked);
    const seenAt = async (minutesAgo: number) => {
      await summariser.database.db
        .updateTable("videos")
        .set({ fetched_at: new Date(Date.now() - minutesAgo * 60_000) })
        .where("video_id", "=", onAir.id)
        .execute();
    };
    await seenAt(9);
    expect((await quote("youtu.be/endinglive1", userId)).statusCode).toBe(422);
    await seenAt(11);
    const ended = await quote("youtu.be/endinglive1", userId);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ title: "Launch night", durationSeconds: 2_400 });
    expect(catalog.calls.describeVideo).toBe(asked + 1);
    // An ended video is kept: no more questions to catalog.
    await seenAt(60);
    expect((await quote("youtu.be/endinglive1", userId)).statusCode).toBe(200);
    expect(catalog.calls.describeVideo).toBe(asked + 1);
  });

  it("refuses a video YouTube does not know with a 404, not a crash", async () => {
    const reply = await quote("youtu.be/unknownvid1");
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({
      message: "We could not find that video on YouTube. Please check the link and try again.",
    });
  });

  it("refuses an expired price, another subscriber's and an unknown one, holding nothing", async () => {
    const userId = randomUUID();
    const { quoteId } = (await quote("youtu.be/shortvideo1", userId)).json();
    const someoneElse = await confirm(quoteId, randomUUID());
    expect(someoneElse.statusCode).toBe(404);
    expect(someoneElse.json().message).toMatch(/could not find that price/);
    expect((await confirm(randomUUID(), userId)).statusCode).toBe(404);
    await summariser.database.db
      .updateTable("single_video_orders")
      .set({ quote_expires_at: new Date(Date.now() - 1000) })
      .where("id", "=", quoteId)
      .execute();
    const expired = await confirm(quoteId, userId);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toBe(
      "This price was shown more than 15 minutes ago. Please check the video's price again.",
    );
    expect(billing.holdsOf(userId)).toEqual([]);
    expect(await list(userId)).toEqual([]);
  });

  it("passes billing's refusal on (no saved card) and keeps the price confirmable", async () => {
    const userId = randomUUID();
    billing.payWith("none");
    const shown = (await quote("youtu.be/shortvideo1", userId)).json();
    expect(shown).toMatchObject({ amountCents: 199, payment: "none" });
    billing.refuseWith(new HttpError(402, "Add a card in your billing settings to buy single summaries."));
    const refused = await confirm(shown.quoteId, userId);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().message).toBe("Add a card in your billing settings to buy single summaries.");
    expect(await list(userId)).toEqual([]);
    billing.refuseWith(undefined);
    expect((await confirm(shown.quoteId, userId)).statusCode).toBe(202);
    expect(billing.holdsOf(userId)).toHaveLength(1);
  });

  it.each([
    ["", "Please enter a YouTube video URL"],
    ["   ", "Please enter a YouTube video URL"],
    ["https://www.youtube.com/shorts/shortvideo1", "Please enter a valid YouTube video URL"],
    ["https://www.youtube.com/embed/shortvideo1", "Please enter a valid YouTube video URL"],
    ["https://example.com/watch?v=shortvideo1", "Please enter a valid YouTube video URL"],
    ["youtu.be/short", "Please enter a valid YouTube video URL"],
  ])("refuses to price %j, in the dashboard's words", async (videoUrl, message) => {
    const reply = await quote(videoUrl);
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message });
  });

  it("refuses the one-click purchase (an address instead of a price) and bad bodies with a 400 and a message", async () => {
    const userId = randomUUID();
    const oneClick = await post(
      "/api/process-individual-video",
      { videoUrl: "youtu.be/shortvideo1" },
      userId,
    );
    expect(oneClick.statusCode).toBe(400);
    expect(oneClick.json()).toEqual({ message: "Please check the video's price first, then confirm it." });
    for (const payload of [
      {},
      { quoteId: 42 },
      { quoteId: "not-a-price" },
      { quoteId: randomUUID(), amount: 1 },
    ]) {
      const reply = await post("/api/process-individual-video", payload, userId);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(typeof reply.json().message).toBe("string");
    }
    for (const payload of [{}, { videoUrl: 42 }, { videoUrl: "youtu.be/shortvideo1", amount: 1 }]) {
      const reply = await post("/api/process-individual-video/quote", payload, userId);
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(billing.holdsOf(userId)).toEqual([]);
  });

  it("answers a visitor without a session 401, whatever the body, before judging it", async () => {
    for (const url of ["/api/process-individual-video", "/api/process-individual-video/quote"]) {
      for (const payload of [{ videoUrl: "youtu.be/shortvideo1" }, {}, { quoteId: randomUUID() }]) {
        const reply = await summariser.app.inject({ method: "POST", url, payload });
        expect(reply.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(401);
        expect(reply.json()).toEqual({ message: "Please sign in to continue." });
      }
    }
  });

  it("answers hostile bodies to the price and the confirm 4xx with a message, never 5xx", async () => {
    const userId = randomUUID();
    const { quoteId } = (await quote("youtu.be/shortvideo1", userId)).json();
    for (const [url, fields] of [
      ["/api/process-individual-video/quote", { videoUrl: fc.constantFrom("youtu.be/shortvideo1", "x") }],
      ["/api/process-individual-video", { quoteId: fc.constantFrom(quoteId, randomUUID(), "x") }],
    ] as const) {
      await fc.assert(
        fc.asyncProperty(hostileBodies(fields), ANY_CONTENT_TYPE, async (body, contentType) => {
          const reply = await summariser.app.inject({
            method: "POST",
            url,
            headers: { ...asUser(userId), "content-type": contentType },
            payload: body,
          });
          expect(reply.statusCode, `${url} ${body}`).toBeLessThan(500);
          if (reply.statusCode >= 400) expect(typeof reply.json().message).toBe("string");
        }),
        { numRuns: 60 },
      );
    }
  });

  it("is for signed-in subscribers only", async () => {
    for (const reply of [
      await quote("youtu.be/shortvideo1", null),
      await confirm(randomUUID(), null),
      await summariser.app.inject({ method: "GET", url: "/api/single-summaries" }),
    ]) {
      expect(reply.statusCode).toBe(401);
      expect(reply.json().message).toBe("Please sign in to continue.");
    }
  });
});
