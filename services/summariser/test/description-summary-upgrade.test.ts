import { eventually } from "@tubedigest/testing/eventually";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Transcript } from "../src/adapters/transcripts/transcript-source.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import {
  type SummariserUnderTest,
  startSummariser,
  toolSummary,
  transcriptAbout,
  transcriptsFrom,
} from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const CHANNEL = `UC${"u".repeat(22)}`;
const HOUR = 3_600_000;
/** Captions appear for this one an hour and a half after its first summary. */
const LATE = "lateCaption";
/** Captions never come for this one. */
const NEVER = "neverCapti0";

/**
 * A summary of the title and description alone looks for a transcript again when its time comes (an hour,
 * six, a day, three days after), in the background of a read, and is replaced once one is found. Postgres,
 * a writer the test drives and a clock the test moves.
 */
describe("a summary of the description, looked at again for a transcript", () => {
  const catalog = catalogStandIn([
    { id: LATE, channelId: CHANNEL, title: "Captions came late", durationSeconds: 900 },
    { id: NEVER, channelId: CHANNEL, title: "Never captioned", durationSeconds: 900 },
  ]);
  const captions: Record<string, Transcript> = {};
  const transcripts = transcriptsFrom(captions);
  const control = controlledWriter();
  const start = new Date("2026-11-23T09:00:00Z");
  let clock = start;
  let summariser: SummariserUnderTest;

  beforeAll(async () => {
    summariser = await startSummariser({
      writer: control.writer,
      transcripts: transcripts.source,
      catalog: catalog.client,
      now: () => clock,
    });
  });
  afterAll(() => summariser.stop());

  const read = (videoId: string) => toolSummary(summariser.app, videoId);
  const looksAt = (videoId: string) => transcripts.asked.filter((id) => id === videoId).length;
  const writesOf = (videoId: string) => control.writes.filter((id) => id === videoId).length;
  const rowOf = async (videoId: string) =>
    (
      await sql<{ basis: string; upgrade_after: Date | null; upgrades: number }>`
        select basis, upgrade_after, upgrades from summaries where video_id = ${videoId}`.execute(
        summariser.database.db,
      )
    ).rows[0];
  const llmCalls = async () => {
    const metrics = (await summariser.app.inject("/metrics")).body;
    const calls = /^summariser_llm_calls_total\{[^}]*\} (\d+)$/m.exec(metrics)?.[1];
    expect(calls, metrics).toBeDefined();
    return Number(calls);
  };
  /** Lets a look started by a read run to its end. */
  const settled = () => new Promise((resolve) => setTimeout(resolve, 300));

  it("is made first from the description, with its next look an hour later", async () => {
    expect(await read(LATE)).toMatch(/_Source: the title and description only\._$/);
    expect(await read(NEVER)).toMatch(/_Source: the title and description only\._$/);
    expect(await rowOf(LATE)).toEqual({
      basis: "description",
      upgrade_after: new Date(start.getTime() + HOUR),
      upgrades: 0,
    });
    expect([looksAt(LATE), writesOf(LATE)]).toEqual([1, 1]);
  });

  it("looks nowhere before its time, even with captions there", async () => {
    captions[LATE] = transcriptAbout("late captions");
    clock = new Date(start.getTime() + HOUR - 1);
    await read(LATE);
    await settled();
    expect(looksAt(LATE)).toBe(1);
    expect((await rowOf(LATE))?.upgrades).toBe(0);
  });

  it("looks at the very instant its time comes; finding nothing, it writes nothing and waits six hours", async () => {
    delete captions[LATE];
    clock = new Date(start.getTime() + HOUR);
    expect(await read(NEVER)).toMatch(/description only/);
    expect(await read(LATE)).toMatch(/description only/);
    await eventually(async () => (looksAt(LATE) === 2 && looksAt(NEVER) === 2 ? true : undefined));
    await settled();
    // No transcript: the writer is not asked again.
    expect([writesOf(LATE), writesOf(NEVER)]).toEqual([1, 1]);
    expect(await rowOf(LATE)).toEqual({
      basis: "description",
      upgrade_after: new Date(clock.getTime() + 6 * HOUR),
      upgrades: 1,
    });
  });

  it("looks again in the same process at its next time, and replaces the summary once captions are found", async () => {
    captions[LATE] = transcriptAbout("late captions");
    const callsBefore = await llmCalls();
    clock = new Date(start.getTime() + 7 * HOUR);
    // The read answers at once with what is stored; the look runs behind it.
    expect(await read(LATE)).toMatch(/description only/);
    await eventually(async () => ((await read(LATE)).includes("late captions") ? true : undefined));
    expect(await read(LATE)).toMatch(/_Source: .*\._$/);
    expect((await rowOf(LATE))?.basis).toBe("transcript");
    expect([looksAt(LATE), writesOf(LATE)]).toEqual([3, 2]);
    expect(await llmCalls()).toBe(callsBefore + 1);
  });

  it("stops looking after its last look", async () => {
    await sql`update summaries set upgrade_after = null, upgrades = 4 where video_id = ${NEVER}`.execute(
      summariser.database.db,
    );
    clock = new Date(start.getTime() + 30 * 24 * HOUR);
    await read(NEVER);
    await settled();
    expect(looksAt(NEVER)).toBe(2);
  });
});
