import { schemaTemplate } from "@tubedigest/bus/testing";
import { createDatabase, type Database } from "@tubedigest/db";
import { createMigratedTestSchema, type TestSchema } from "@tubedigest/testing/test-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { summariserMigrations } from "../src/app.ts";
import { runTranscriptsReport } from "../src/cli/transcripts-report.ts";
import type { SummariserDatabase } from "../src/store/database.ts";
import { SummaryRepository } from "../src/store/summary-repository.ts";
import { capturedOutput } from "./support/captured-output.ts";
import { readySummaryRow } from "./support/summary-row.ts";

const template = schemaTemplate("summariser", summariserMigrations);
/** A Thursday of ISO week 2026-W49 (Monday 30 November). */
const NOW = new Date("2026-12-03T12:00:00Z");

describe("the report of each week's transcript sources (Postgres)", () => {
  let schema: TestSchema;
  let database: Database<SummariserDatabase>;

  beforeAll(async () => {
    schema = await createMigratedTestSchema("summariser", template);
    database = createDatabase<SummariserDatabase>({ url: schema.url, schema: schema.schema, poolSize: 1 });
    const row = (
      videoId: string,
      completedAt: string,
      overrides: Parameters<typeof readySummaryRow>[0] = {},
    ) => readySummaryRow({ video_id: videoId, completed_at: new Date(completedAt), ...overrides });
    const rows = [
      row("w49manual01", "2026-11-30T00:00:00Z", { transcript_kind: "manual" }),
      row("w49innert01", "2026-12-01T00:00:00Z", { transcript_kind: "automatic" }),
      row("w49gemini01", "2026-12-01T00:00:00Z", { transcript_kind: "gemini" }),
      row("w49automat1", "2026-12-02T09:00:00Z", { transcript_kind: "automatic" }),
      // Another version of the same video, and its translation: still one video.
      row("w49automat1", "2026-12-02T10:00:00Z", { transcript_kind: "automatic", version: "test/2" }),
      row("w49automat1", "2026-12-02T11:00:00Z", {
        transcript_kind: "automatic",
        asked_language: "de",
        translated_from: "en",
      }),
      row("w49descrip1", "2026-12-03T08:00:00Z", { basis: "description" }),
      row("w49pending1", "2026-12-03T08:00:00Z", { status: "pending", transcript_kind: "manual" }),
      // Sunday night of the week before, in UTC.
      row("w48legacy01", "2026-11-29T23:59:59Z", { transcript_kind: null }),
      row("w48speech01", "2026-11-24T12:00:00Z", { transcript_kind: "speech-to-text" }),
      row("w47apiapi01", "2026-11-17T12:00:00Z", { transcript_kind: "transcript-api" }),
    ];
    await database.db
      .insertInto("summaries")
      .values(
        rows.map(({ key_points, sections, ...rest }) => ({
          ...rest,
          key_points: JSON.stringify(key_points),
          sections: sections === null ? null : JSON.stringify(sections),
        })),
      )
      .execute();
    // The steps that served two of them, and what Gemini spent (one fetch the week before, too).
    const transcript = (videoId: string, servedBy: string, costUsd: number | null, fetchedAt: string) => ({
      video_id: videoId,
      source: "youtube-innertube+youtube-captions+gemini",
      language: "en",
      kind: servedBy === "gemini" ? ("gemini" as const) : ("automatic" as const),
      segments: JSON.stringify([{ startSeconds: 0, text: "words" }]),
      served_by: servedBy,
      cost_usd: costUsd,
      fetched_at: new Date(fetchedAt),
    });
    await database.db
      .insertInto("transcripts")
      .values([
        transcript("w49innert01", "youtube-innertube", null, "2026-12-01T00:00:00Z"),
        transcript("w49gemini01", "gemini", 0.0125, "2026-12-01T00:00:00Z"),
        transcript("w48gemini01", "gemini", 0.031, "2026-11-25T00:00:00Z"),
      ])
      .execute();
  });
  afterAll(async () => {
    await database?.close();
    await schema?.drop();
  });

  it("counts each week's videos by source, the newest week first, from the Monday given", async () => {
    const counts = await new SummaryRepository(database.db).sourceCountsByWeek(
      new Date("2026-11-23T00:00:00Z"),
    );
    expect(counts).toEqual([
      { weekKey: "2026-W49", source: "automatic", videos: 1 },
      { weekKey: "2026-W49", source: "description", videos: 1 },
      { weekKey: "2026-W49", source: "gemini", videos: 1 },
      { weekKey: "2026-W49", source: "manual", videos: 1 },
      { weekKey: "2026-W49", source: "youtube-innertube", videos: 1 },
      { weekKey: "2026-W48", source: "speech-to-text", videos: 1 },
      { weekKey: "2026-W48", source: "transcript", videos: 1 },
    ]);
  });

  it("prints the last weeks asked for, the current one included, with what transcripts cost", async () => {
    const { io, written } = capturedOutput();
    expect(await runTranscriptsReport(["--weeks", "2"], io, database.db, NOW)).toBe(0);
    expect(written.stdout).toBe(
      [
        "2026-W49       5 videos  automatic 20%  description 20%  gemini 20%  manual 20%  youtube-innertube 20%  (transcripts cost $0.01)",
        "2026-W48       2 videos  speech-to-text 50%  transcript 50%  (transcripts cost $0.03)",
        "",
      ].join("\n"),
    );
  });

  it("refuses a week count that is not a whole number of at least one", async () => {
    const { io, written } = capturedOutput();
    expect(await runTranscriptsReport(["--weeks", "0"], io, database.db, NOW)).toBe(2);
    expect(written.stderr).toMatch(/^usage:/);
  });
});
