import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SummaryFailedError } from "../src/adapters/summary-writers/summary-writer.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import {
  type SummariserUnderTest,
  startSummariser,
  TOOL_PASSWORD,
  transcriptAbout,
  transcriptsFrom,
} from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const ID = "dQw4w9WgXcQ";
const CHANNEL = `UC${"t".repeat(22)}`;
const SLOW = "slowvideo01";
const FAILING = "failvideo01";
/** How long the tool waits for a summary being written before it answers: long enough for every other test here on busy cores. */
const TOOL_WAIT_MS = 3_000;

describe("POST /api/process-youtube-video, the hidden tool (Postgres, a writer the test drives)", () => {
  const catalog = catalogStandIn([
    { id: ID, channelId: CHANNEL, title: "A talk worth reading", durationSeconds: 1_800 },
    { id: "liveliveliv", channelId: CHANNEL, title: "On air", liveStatus: "live", durationSeconds: null },
    { id: SLOW, channelId: CHANNEL, title: "A long think", durationSeconds: 1_200 },
    { id: FAILING, channelId: CHANNEL, title: "Beyond the model", durationSeconds: 900 },
  ]);
  const control = controlledWriter();
  let summariser: SummariserUnderTest;
  let withoutPassword: SummariserUnderTest;

  beforeAll(async () => {
    const parts = {
      writer: control.writer,
      transcripts: transcriptsFrom({
        [ID]: transcriptAbout("reading"),
        [SLOW]: transcriptAbout("patience"),
        [FAILING]: transcriptAbout("shapes"),
      }).source,
      catalog: catalog.client,
      toolWaitMs: TOOL_WAIT_MS,
    };
    summariser = await startSummariser(parts);
    withoutPassword = await startSummariser(parts, { settings: { toolPassword: undefined } });
  });
  afterAll(async () => {
    await summariser.stop();
    await withoutPassword.stop();
  });

  const tool = (payload: object, on = summariser) =>
    on.app.inject({ method: "POST", url: "/api/process-youtube-video", payload });

  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `youtube.com/embed/${ID}`,
    `www.youtube.com/v/${ID}`,
    `https://youtube.com/live/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `youtu.be/${ID}`,
  ])("summarises %s for the right password, once for every form", async (youtubeUrl) => {
    const reply = await tool({ youtubeUrl, password: TOOL_PASSWORD });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().title).toBe("A talk worth reading");
    expect(reply.json().summary).toContain(`- **Point 1 about reading`);
    expect(reply.json().summary).toContain(`(https://www.youtube.com/watch?v=${ID}&t=30s)`);
    expect(control.writes.filter((id) => id === ID)).toHaveLength(1);
  });

  it("refuses a wrong or missing password with 401 'Incorrect password', before looking at the video", async () => {
    const described = catalog.calls.describeVideo;
    for (const password of ["wrong", "", TOOL_PASSWORD.toUpperCase(), `${TOOL_PASSWORD} `]) {
      const reply = await tool({ youtubeUrl: `youtu.be/${ID}`, password });
      expect(reply.statusCode).toBe(401);
      expect(reply.json()).toEqual({ message: "Incorrect password" });
    }
    const missing = await tool({ youtubeUrl: `youtu.be/${ID}` });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("Incorrect password");
    expect(catalog.calls.describeVideo).toBe(described);
  });

  it.each([
    "",
    "not a url",
    `https://vimeo.com/${ID}`,
    `https://www.youtube.com/watch?v=${ID.slice(1)}`,
    "https://www.youtube.com/@channel",
    `https://www.youtube.com.evil.example/watch?v=${ID}`,
  ])("refuses %j with the tool's address message and no model call", async (youtubeUrl) => {
    const writes = control.writes.length;
    const reply = await tool({ youtubeUrl, password: TOOL_PASSWORD });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ message: "Please enter a valid YouTube URL" });
    expect(control.writes.length).toBe(writes);
  });

  it("answers an unknown video 404 and a live stream 422, each saying what to do", async () => {
    const unknown = await tool({ youtubeUrl: "youtu.be/zzzzzzzzzzz", password: TOOL_PASSWORD });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/check the link/);
    const live = await tool({ youtubeUrl: "youtu.be/liveliveliv", password: TOOL_PASSWORD });
    expect(live.statusCode).toBe(422);
    expect(live.json().message).toMatch(/once it has ended/);
  });

  it("answers 503 while the summary is still being written after its wait, and the summary once it is made", async () => {
    control.hold();
    try {
      const started = Date.now();
      const waiting = await tool({ youtubeUrl: `youtu.be/${SLOW}`, password: TOOL_PASSWORD });
      expect(waiting.statusCode).toBe(503);
      expect(waiting.json()).toEqual({
        message:
          "The summary is taking longer than usual. Please try again in a minute; it is still being written.",
      });
      expect(Date.now() - started).toBeGreaterThanOrEqual(TOOL_WAIT_MS - 50);
    } finally {
      control.open();
    }
    await expect
      .poll(async () => (await tool({ youtubeUrl: `youtu.be/${SLOW}`, password: TOOL_PASSWORD })).statusCode)
      .toBe(200);
    expect(control.writes.filter((id) => id === SLOW)).toHaveLength(1);
  });

  it("answers 422 with the reason when the model cannot summarise the video", async () => {
    control.failWith(() => new SummaryFailedError("The model kept answering in the wrong shape."));
    try {
      const reply = await tool({ youtubeUrl: `youtu.be/${FAILING}`, password: TOOL_PASSWORD });
      expect(reply.statusCode).toBe(422);
      expect(reply.json()).toEqual({
        message:
          "We could not summarise this video: The model kept answering in the wrong shape. Please try again later.",
      });
    } finally {
      control.failWith(undefined);
    }
  });

  it("is off where no password is configured, saying so in plain words without naming the setting", async () => {
    const reply = await tool({ youtubeUrl: `youtu.be/${ID}`, password: "anything at all" }, withoutPassword);
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({ message: "The summary tool is not available right now." });
  });
});
