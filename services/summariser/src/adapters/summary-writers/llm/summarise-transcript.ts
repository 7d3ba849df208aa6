import { byChapter, type Chapter } from "../chapters.ts";
import type { KeyPoint, SummarySection, WrittenSummary } from "../summary-writer.ts";
import { SummaryFailedError } from "../summary-writer.ts";
import {
  CHAPTER_NOTES_FORMAT,
  MAX_CHAPTER_NOTES,
  NOTES_FORMAT,
  SUMMARY_FORMAT,
  type SummaryAnswer,
} from "./answer-formats.ts";
import type { Ask, Run } from "./ask-model.ts";
import { lineTokens } from "./call-sizes.ts";
import { type PlanLimits, packed, planSummary, reduceCost } from "./summary-plan.ts";
import type { SummaryTask, VideoFacts } from "./summary-prompts.ts";
import { citedTime, renderLines, type TimedLine } from "./timed-lines.ts";

/** A summary as the model's calls make it, before the writer names the model and what it cost. */
export type DraftSummary = Omit<WrittenSummary, "model" | "usage">;

/**
 * A transcript's summary: by chapter when a long video has chapters and reading each whole fits the
 * budget; otherwise in one call, or map-reduce (notes on each part, then a summary of the notes), with
 * excerpts sampled evenly from start to end when the whole does not fit the budget.
 */
export async function summariseTranscript(
  ask: Ask,
  run: Run,
  lines: TimedLine[],
  chapters: Chapter[],
  limits: PlanLimits,
): Promise<DraftSummary> {
  const tokens = lines.map(lineTokens);
  const byChapters = chapters.length > 0 ? chapterPlan(lines, chapters, limits) : null;
  if (byChapters) return summaryByChapter(ask, run, byChapters, limits);
  const plan = planSummary(lines, tokens, limits);
  if (plan === null) {
    throw new SummaryFailedError(
      `the token budget of ${limits.budget} cannot hold even two excerpts of the transcript`,
    );
  }
  if (plan.kind === "single") {
    const task: SummaryTask = { kind: "summary", sampled: plan.sampled };
    const answer = await ask(run, task, plan.excerpts.map(renderLines).join("\n[...]\n"), SUMMARY_FORMAT);
    return transcriptSummary(answer, plan.excerpts.flat(), run.video);
  }
  const parts = plan.parts.filter((part) => part.length > 0);
  const notes = await Promise.all(
    parts.map(async (part, i) => {
      const task: SummaryTask = { kind: "partNotes", part: i + 1, parts: parts.length };
      const answer = await ask(run, task, renderLines(part), NOTES_FORMAT);
      return heldToShown(answer.notes, part);
    }),
  );
  return reduce(ask, run, notes.flat(), plan.sampled, limits);
}

/** A long video's transcript lines by chapter, each chapter's in parts that fit one call. */
type ChapterPlan = { chapter: Chapter; parts: TimedLine[][] }[];

/**
 * The chapters and their parts, when reading every chapter whole fits the token budget; null otherwise
 * (the transcript is then summarised by the plan that fits: parts, or excerpts).
 */
function chapterPlan(lines: TimedLine[], chapters: Chapter[], limits: PlanLimits): ChapterPlan | null {
  const plan = byChapter(lines, chapters)
    .map((chapterLines, i) => ({
      chapter: chapters[i] as Chapter,
      parts: packed(chapterLines, chapterLines.map(lineTokens), limits.partNotes.capacity),
    }))
    .filter((entry) => entry.parts.length > 0);
  const calls = plan.reduce((sum, entry) => sum + entry.parts.length, 0);
  const material = lines.reduce((sum, line) => sum + lineTokens(line), 0);
  const cost = material + calls * limits.partNotes.cost + reduceCost(plan.length, limits);
  return plan.length > 0 && cost <= limits.budget ? plan : null;
}

/**
 * A long video with chapters: notes on each chapter (one call per part that fits the context), which
 * become its section, then the summary of all the notes in time order.
 */
async function summaryByChapter(
  ask: Ask,
  run: Run,
  plan: ChapterPlan,
  limits: PlanLimits,
): Promise<DraftSummary> {
  const count = plan.length;
  const sections = await Promise.all(
    plan.map(async ({ chapter, parts }, index): Promise<SummarySection> => {
      const notes = await Promise.all(
        parts.map(async (part) => {
          const task: SummaryTask = { kind: "chapterNotes", chapter: index + 1, chapters: count };
          const material = `${chapter.title.replace(/\s+/g, " ")}\n${renderLines(part)}`;
          const answer = await ask(run, task, material, CHAPTER_NOTES_FORMAT);
          return heldToShown(answer.notes, part);
        }),
      );
      return {
        title: chapter.title,
        startSeconds: chapter.startSeconds,
        keyPoints: spread(notes.flat(), MAX_CHAPTER_NOTES),
      };
    }),
  );
  const summary = await reduce(
    ask,
    run,
    sections.flatMap((section) => section.keyPoints),
    false,
    limits,
  );
  return { ...summary, sections: sections.filter((section) => section.keyPoints.length > 0) };
}

/** The summary of notes that fit one prompt; merged into fewer notes first while they do not. */
async function reduce(
  ask: Ask,
  run: Run,
  notes: KeyPoint[],
  sampled: boolean,
  limits: PlanLimits,
): Promise<DraftSummary> {
  if (notes.length === 0) throw new SummaryFailedError("the model found nothing to note in the transcript");
  const tokens = notes.map(lineTokens);
  const total = tokens.reduce((sum, count) => sum + count, 0);
  if (total <= limits.summaryFromNotes.capacity) {
    const answer = await ask(run, { kind: "summaryFromNotes", sampled }, renderLines(notes), SUMMARY_FORMAT);
    return transcriptSummary(answer, notes, run.video);
  }
  const groups = packed(notes, tokens, limits.mergeNotes.capacity);
  const merged = await Promise.all(
    groups.map(async (group) => {
      const answer = await ask(run, { kind: "mergeNotes" }, renderLines(group), NOTES_FORMAT);
      return heldToShown(answer.notes, group);
    }),
  );
  const fewer = merged.flat();
  if (fewer.map(lineTokens).reduce((sum, count) => sum + count, 0) >= total) {
    throw new SummaryFailedError("the notes on the transcript's parts grew when merged");
  }
  return reduce(ask, run, fewer, sampled, limits);
}

/** At most `most` items, spread from the first to the last. */
function spread<T>(items: T[], most: number): T[] {
  if (items.length <= most) return items;
  const step = (items.length - 1) / (most - 1);
  return Array.from({ length: most }, (_, i) => items[Math.round(i * step)] as T);
}

/** Times held to those of the lines or notes the model was shown: invented ones become null. */
function heldToShown(points: KeyPoint[], shown: readonly KeyPoint[]): KeyPoint[] {
  const times = shown.flatMap((line) => (line.startSeconds === null ? [] : [line.startSeconds]));
  return points.map((point) => ({ text: point.text, startSeconds: citedTime(point.startSeconds, times) }));
}

/**
 * The summary's points with their times held to those shown; a time near nothing shown is kept as the model
 * gave it, for the grounding check to drop the point: a point at an invented moment is not to be trusted.
 */
function transcriptSummary(
  answer: SummaryAnswer,
  shown: readonly KeyPoint[],
  video: VideoFacts,
): DraftSummary {
  const held = heldToShown(answer.keyPoints, shown);
  return {
    keyPoints: held.map((point, i) => ({
      ...point,
      startSeconds: point.startSeconds ?? answer.keyPoints[i]?.startSeconds ?? null,
    })),
    paragraph: answer.paragraph,
    // The transcript's language is known; what the model calls it ("pt" for "pt-BR") is not more exact.
    language: video.language ?? answer.language,
    basis: "transcript",
  };
}
