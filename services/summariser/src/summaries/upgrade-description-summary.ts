import type { SummariserContext } from "../shared/summariser-context.ts";
import { type SummaryKey, SummaryRepository, type SummaryRow } from "../store/summary-repository.ts";
import { knownVideo } from "./known-video.ts";
import { nextUpgradeAfter, withoutSponsorReads, writeFrom } from "./write-summary.ts";

/**
 * A summary made from the title and description alone looks for a transcript again when its time has
 * come (an hour, six, a day, three days after), in the background, so its readers are not kept waiting:
 * one process takes each look (the row's next look is set in the same statement), asks the sources
 * afresh, and replaces the summary once a transcript is found. The description is never summarised
 * again, and each transcript once.
 */
export function upgradeWhenDue(context: SummariserContext, row: SummaryRow): void {
  const now = context.now();
  if (row.basis !== "description" || row.upgrade_after === null || row.upgrade_after > now) return;
  const key = { videoId: row.video_id, version: row.version, language: row.asked_language };
  const id = `${key.videoId}/${key.version}/${key.language}`;
  if (context.upgrading.has(id)) return;
  const work = lookAgain(context, key, row.upgrades)
    .catch((error: unknown) => {
      context.log.warn({ err: error, videoId: key.videoId }, "looking again for a transcript failed");
    })
    .finally(() => context.upgrading.delete(id));
  context.upgrading.set(id, work);
}

async function lookAgain(context: SummariserContext, key: SummaryKey, looks: number): Promise<void> {
  const summaries = new SummaryRepository(context.db);
  const now = context.now();
  const taken = await summaries.takeUpgrade(key, now, nextUpgradeAfter(now.getTime(), looks + 1));
  if (!taken) return;
  const video = await knownVideo(context, key.videoId);
  if (!video) return;
  const transcript = await context.transcripts.fetch({
    videoId: key.videoId,
    language: video.language ?? undefined,
    durationSeconds: video.duration_seconds,
    refresh: true,
  });
  if (!transcript) return;
  const written = await writeFrom(
    context,
    video,
    await withoutSponsorReads(context, key.videoId, transcript),
  );
  if (written.basis !== "transcript") return;
  if (await summaries.replaceDescription(key, written, context.now())) {
    context.metrics.summaryWritten(written.usage);
    context.log.info(
      { videoId: key.videoId, transcript: written.transcript },
      "summary of the description replaced",
    );
  }
}
