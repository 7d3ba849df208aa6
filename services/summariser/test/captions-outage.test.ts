import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type TranscriptSource,
  TranscriptUnavailableError,
} from "../src/adapters/transcripts/transcript-source.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import { type SummariserUnderTest, startSummariser, TOOL_PASSWORD } from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const VIDEO = "captionsout";
const CHANNEL = `UC${"c".repeat(22)}`;
/** A little past the wait after an outage before the next asker tries again. */
const PAST_OUTAGE_WAIT_MS = 31_000;

describe("a video whose captions cannot be fetched (Postgres, a clock the test moves)", () => {
  const catalog = catalogStandIn([
    {
      id: VIDEO,
      channelId: CHANNEL,
      title: "Captions nowhere to be had",
      description: "What the talk covers: valves, pumps and the order to check them in.",
    },
  ]);
  const control = controlledWriter();
  let captionsAsked = 0;
  const transcripts: TranscriptSource = {
    name: "captions-down",
    async fetch() {
      captionsAsked += 1;
      throw new TranscriptUnavailableError("the caption pages answered 503");
    },
  };
  let ahead = 0;
  let summariser: SummariserUnderTest;

  beforeAll(async () => {
    summariser = await startSummariser({
      writer: control.writer,
      transcripts,
      catalog: catalog.client,
      toolWaitMs: 5_000,
      now: () => new Date(Date.now() + ahead),
    });
  });
  afterAll(() => summariser.stop());

  const summarise = () =>
    summariser.app.inject({
      method: "POST",
      url: "/api/process-youtube-video",
      payload: { youtubeUrl: `https://youtu.be/${VIDEO}`, password: TOOL_PASSWORD },
    });

  it("tries the captions again after an outage's wait, and on the third try summarises the description", async () => {
    const first = await summarise();
    expect(first.statusCode, first.body).toBe(422);
    expect(first.json().message).toContain("The video's captions could not be fetched just now.");
    expect([captionsAsked, control.writes.length]).toEqual([1, 0]);

    // Within the wait, the failure stands without asking again.
    expect((await summarise()).statusCode).toBe(422);
    expect(captionsAsked).toBe(1);

    ahead += PAST_OUTAGE_WAIT_MS;
    expect((await summarise()).statusCode).toBe(422);
    expect([captionsAsked, control.writes.length]).toEqual([2, 0]);

    // The third try: a summary of the description beats none.
    ahead += PAST_OUTAGE_WAIT_MS;
    const third = await summarise();
    expect(third.statusCode, third.body).toBe(200);
    expect([captionsAsked, control.writes]).toEqual([3, [VIDEO]]);
    expect(third.json().title).toBe("Captions nowhere to be had");
    expect(third.json().summary).toMatch(/_Source: the title and description only\._$/);
  });
});
