import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import {
  type SummariserUnderTest,
  startSummariser,
  transcriptAbout,
  transcriptsFrom,
} from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const SCIENCE = `UC${"s".repeat(22)}`;
const KITCHEN = `UC${"k".repeat(22)}`;
const UNKNOWN = `UC${"u".repeat(22)}`;
const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/** The summariser's clock, moved on by the tests: how long a sample is kept is read off it. */
function movableClock() {
  let ahead = 0;
  return {
    now: () => new Date(Date.now() + ahead),
    moveOn(ms: number) {
      ahead += ms;
    },
  };
}

describe("GET /api/sample-newsletter (Postgres, a writer the test drives)", () => {
  const catalog = catalogStandIn(
    [
      // Listed oldest first: the sample picks the newest two itself.
      { id: "oldest00001", channelId: SCIENCE, title: "Three weeks ago", hoursAgo: 24 * 21 },
      { id: "orbits00001", channelId: SCIENCE, title: "Orbits", hoursAgo: 40 },
      { id: "rockets0001", channelId: SCIENCE, title: "Rocket engines", hoursAgo: 5 },
      { id: "livenow0001", channelId: SCIENCE, title: "Live now", hoursAgo: 1, liveStatus: "live" },
      { id: "curry000001", channelId: KITCHEN, title: "Weeknight curry", hoursAgo: 30 },
    ],
    { [SCIENCE]: "Pocket Science", [KITCHEN]: "Copper Kitchen" },
  );
  const transcripts = transcriptsFrom({
    rockets0001: transcriptAbout("rockets"),
    orbits00001: transcriptAbout("orbits"),
    curry000001: transcriptAbout("curry"),
  });
  const control = controlledWriter();
  const clock = movableClock();
  let summariser: SummariserUnderTest;

  beforeAll(async () => {
    summariser = await startSummariser(
      { writer: control.writer, transcripts: transcripts.source, catalog: catalog.client, now: clock.now },
      { settings: { previewWaitMs: 5_000, sampleChannels: [KITCHEN, UNKNOWN, SCIENCE] } },
    );
  });
  afterAll(() => summariser.stop());

  const sample = () => summariser.app.inject({ url: "/api/sample-newsletter" });

  it("is a digest of the featured channels' newest videos, with the subject a reader's digest has", async () => {
    const reply = await sample();
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.headers["cache-control"]).toBe("public, max-age=300");
    const body = reply.json();
    // Channels by their newest video, at most two videos each, no live stream; the unknown channel left out.
    expect(body.channels).toEqual([
      { title: "Pocket Science", videoCount: 2 },
      { title: "Copper Kitchen", videoCount: 1 },
    ]);
    expect(body.subject).toMatch(/^Your week of \d{1,2} \w+: Pocket Science and Copper Kitchen$/);
    expect(body.content).toMatch(/^# Week of /);
    expect(body.content).toContain("## Pocket Science");
    expect(body.content).toContain("### [Rocket engines](https://www.youtube.com/watch?v=rockets0001)");
    expect(body.content).toContain("([0:30](https://www.youtube.com/watch?v=rockets0001&t=30s))");
    expect(body.content).toContain("### [Weeknight curry]");
    expect(body.content).not.toContain("Three weeks ago");
    expect(body.content).not.toContain("Live now");
    expect(control.writes.sort()).toEqual(["curry000001", "orbits00001", "rockets0001"]);
  });

  it("is kept: asking again makes no summary and asks catalog nothing", async () => {
    const listed = catalog.calls.channelVideos;
    const writes = control.writes.length;
    for (let round = 0; round < 3; round++) expect((await sample()).statusCode).toBe(200);
    expect(catalog.calls.channelVideos).toBe(listed);
    expect(control.writes).toHaveLength(writes);
  });

  it("is made again a minute later while a featured channel is missing, the kept one shown meanwhile", async () => {
    const kept = (await sample()).json();
    const listed = catalog.calls.channelVideos;
    clock.moveOn(MINUTE_MS + 1_000);
    const reply = await sample();
    expect(reply.json()).toEqual(kept);
    // Each featured channel asked for again, the unknown one too.
    await expect.poll(() => catalog.calls.channelVideos, { timeout: 10_000 }).toBe(listed + 3);
    // And again a minute after that one is made: it is still partial. (Waiting for it inside the test
    // also puts its whole making inside the test, where per-test mutation coverage sees it.)
    await expect
      .poll(
        async () => {
          clock.moveOn(MINUTE_MS + 1_000);
          await sample();
          return catalog.calls.channelVideos;
        },
        { timeout: 10_000 },
      )
      .toBe(listed + 6);
  });
});

describe("GET /api/sample-newsletter with every featured channel known and summarised", () => {
  const catalog = catalogStandIn(
    [{ id: "rockets0001", channelId: SCIENCE, title: "Rocket engines", hoursAgo: 5 }],
    { [SCIENCE]: "Pocket Science" },
  );
  const clock = movableClock();
  let summariser: SummariserUnderTest;

  beforeAll(async () => {
    summariser = await startSummariser(
      {
        writer: controlledWriter().writer,
        transcripts: transcriptsFrom({ rockets0001: transcriptAbout("rockets") }).source,
        catalog: catalog.client,
        now: clock.now,
      },
      { settings: { previewWaitMs: 5_000, sampleChannels: [SCIENCE] } },
    );
  });
  afterAll(() => summariser.stop());

  it("is kept for hours, then made again", async () => {
    const sample = () => summariser.app.inject({ url: "/api/sample-newsletter" });
    expect((await sample()).json().channels).toEqual([{ title: "Pocket Science", videoCount: 1 }]);
    expect(catalog.calls.channelVideos).toBe(1);
    clock.moveOn(HOUR_MS);
    expect((await sample()).statusCode).toBe(200);
    expect(catalog.calls.channelVideos).toBe(1);
    clock.moveOn(6 * HOUR_MS);
    expect((await sample()).statusCode).toBe(200);
    await expect.poll(() => catalog.calls.channelVideos, { timeout: 10_000 }).toBe(2);
  });
});

describe("GET /api/sample-newsletter when nothing can be shown", () => {
  const catalog = catalogStandIn();
  let summariser: SummariserUnderTest;

  beforeAll(async () => {
    catalog.setDown(true);
    summariser = await startSummariser(
      { writer: controlledWriter().writer, catalog: catalog.client },
      { settings: { sampleChannels: [SCIENCE] } },
    );
  });
  afterAll(() => summariser.stop());

  it("answers 503 with what to do, never a 500", async () => {
    const reply = await summariser.app.inject({ url: "/api/sample-newsletter" });
    expect(reply.statusCode).toBe(503);
    expect(reply.json()).toEqual({
      message: "The sample newsletter is still being written. Please try again in a minute.",
    });
  });
});
