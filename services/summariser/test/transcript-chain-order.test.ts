import { schemaTemplate } from "@tubedigest/bus/testing";
import { type Environment, loadConfig } from "@tubedigest/config";
import { createDatabase, type Database } from "@tubedigest/db";
import { type FakeGeminiApi, startFakeGeminiApi } from "@tubedigest/testing/gemini";
import { createMigratedTestSchema, type TestSchema } from "@tubedigest/testing/test-schema";
import { type FakeYoutubeCaptions, startFakeYoutubeCaptions } from "@tubedigest/testing/transcripts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { chooseTranscriptSource } from "../src/adapters/transcripts/choose-transcript-source.ts";
import { summariserMigrations } from "../src/app.ts";
import { SummariserEnvironment, summariserSettingsFrom } from "../src/config.ts";
import type { TranscriptStepOutcome } from "../src/shared/summariser-metrics.ts";
import type { SummariserDatabase } from "../src/store/database.ts";

const template = schemaTemplate("summariser", summariserMigrations);
const LINES = [{ startSeconds: 2, text: "Today we build a bread oven." }];

describe("the transcript chain as configured: each step chosen, skipped or fallen through, in order", () => {
  let schema: TestSchema;
  let database: Database<SummariserDatabase>;
  let captions: FakeYoutubeCaptions;
  let gemini: FakeGeminiApi;
  let videoNumber = 0;

  beforeAll(async () => {
    schema = await createMigratedTestSchema("summariser", template);
    database = createDatabase<SummariserDatabase>({ url: schema.url, schema: schema.schema, poolSize: 2 });
    captions = await startFakeYoutubeCaptions();
    gemini = await startFakeGeminiApi();
  });
  afterEach(() => {
    captions.heal();
    gemini.heal();
    captions.resetCalls();
  });
  afterAll(async () => {
    await captions?.close();
    await gemini?.close();
    await database?.close();
    await schema?.drop();
  });

  /** A new video each test (the transcript cache would otherwise answer), known to both fakes. */
  function newVideo(captioned: boolean): string {
    videoNumber += 1;
    const id = `order${String(videoNumber).padStart(6, "0")}`;
    captions.addVideo({
      id,
      captions: captioned ? [{ languageCode: "en", kind: "manual", lines: LINES }] : [],
    });
    gemini.addVideo({ id, language: "en", segments: LINES, durationSeconds: 300 });
    return id;
  }

  /** One fetch through the chain the environment configures: what each step answered, and what was cached. */
  async function fetchThrough(env: Environment, videoId: string) {
    const settings = summariserSettingsFrom(
      loadConfig(SummariserEnvironment, {
        DATABASE_URL: schema.url,
        RABBITMQ_URL: "amqp://guest:guest@127.0.0.1:5672",
        IDENTITY_SECRET: "a-secret-of-thirty-two-characters-at-least",
        CATALOG_URL: "http://catalog:4002",
        BILLING_URL: "http://billing:4003",
        TRANSCRIPT_SOURCE: "youtube",
        YOUTUBE_CAPTIONS_URL: captions.baseUrl,
        GEMINI_API_KEY: gemini.apiKey,
        GEMINI_BASE_URL: gemini.baseUrl,
        ...env,
      }),
    );
    const steps: [string, TranscriptStepOutcome][] = [];
    const costs: number[] = [];
    const source = await chooseTranscriptSource(settings.transcripts, database.db, {
      step: (name, outcome) => steps.push([name, outcome]),
      cost: (_name, spent) => costs.push(spent.usd),
    });
    const transcript = await source.fetch({ videoId, durationSeconds: 300 }).catch((error: unknown) => error);
    const cached = await database.db
      .selectFrom("transcripts")
      .select(["served_by", "cost_usd"])
      .where("video_id", "=", videoId)
      .executeTakeFirst();
    return { transcript, steps, costs, cached };
  }

  it("takes InnerTube's captions first by default, and never asks the paid steps after it", async () => {
    const video = newVideo(true);

    const { transcript, steps, cached } = await fetchThrough({}, video);

    expect(transcript).toMatchObject({ kind: "manual", servedBy: "youtube-innertube" });
    expect(steps).toEqual([["youtube-innertube", "served"]]);
    expect(gemini.calls).toBe(0);
    expect(cached).toEqual({ served_by: "youtube-innertube", cost_usd: null });
  });

  it("falls through a refused InnerTube and refused caption pages to Gemini, recording its cost", async () => {
    const video = newVideo(true);
    captions.refuseAddress("127.0.0.1");

    const { transcript, steps, costs, cached } = await fetchThrough({}, video);

    expect(steps).toEqual([
      ["youtube-innertube", "refused"],
      ["youtube-captions", "refused"],
      ["gemini", "served"],
    ]);
    expect(transcript).toMatchObject({ kind: "gemini", servedBy: "gemini" });
    expect(costs).toHaveLength(1);
    expect(costs[0]).toBeGreaterThan(0);
    expect(cached).toEqual({ served_by: "gemini", cost_usd: costs[0] });
  });

  it("passes over steps that find no captions, to one that hears the video", async () => {
    const video = newVideo(false);

    const { steps } = await fetchThrough({}, video);

    expect(steps).toEqual([
      ["youtube-innertube", "empty"],
      ["youtube-captions", "empty"],
      ["gemini", "served"],
    ]);
  });

  it("tries the steps in the order TRANSCRIPT_STEPS gives, leaving out those it does not name", async () => {
    const first = newVideo(true);
    expect((await fetchThrough({ TRANSCRIPT_STEPS: "gemini,innertube" }, first)).steps).toEqual([
      ["gemini", "served"],
    ]);
    expect(captions.playerClients).toEqual([]);

    const second = newVideo(true);
    gemini.fail({ kind: "refused" });
    expect((await fetchThrough({ TRANSCRIPT_STEPS: "gemini,innertube" }, second)).steps).toEqual([
      ["gemini", "refused"],
      ["youtube-innertube", "served"],
    ]);
    expect(captions.calls.watch).toBe(0);
  });

  it("asks InnerTube as the clients INNERTUBE_CLIENTS names, in that order", async () => {
    const video = newVideo(true);
    captions.gateClient("TVHTML5", "bot-check");

    const { steps } = await fetchThrough(
      { TRANSCRIPT_STEPS: "innertube", INNERTUBE_CLIENTS: "TV,IOS" },
      video,
    );

    expect(steps).toEqual([["youtube-innertube", "served"]]);
    expect(captions.playerClients).toEqual(["TVHTML5", "iOS"]);
  });
});
