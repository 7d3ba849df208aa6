import { createHash } from "node:crypto";
import type { JobQueue } from "@tubedigest/jobs";
import type { DigestKey, DigestRow } from "../store/digest-repository.ts";

/**
 * The summariser's work queue: a job composes the digests of a batch of readers (`compose-digests`), or
 * of one (`compose-digest`: one asked for on its own, and jobs queued before batches).
 */
export type DigestJobs = { "compose-digest": DigestKey; "compose-digests": { keys: DigestKey[] } };

export const DIGEST_JOB_NAMES = [
  "compose-digest",
  "compose-digests",
] as const satisfies readonly (keyof DigestJobs)[];

/** Tries a compose job gets (the queue's back-off spaces them over about a minute and a quarter). */
export const COMPOSE_ATTEMPTS = 5;

/**
 * Readers composed by one job: what they share (their channels' listing, the week's summaries, one
 * transaction) is asked and written once for all of them.
 */
export const DIGEST_BATCH_SIZE = 50;

type JobRow = Pick<DigestRow, "user_id" | "week_key" | "attempts">;

/**
 * A compose job's id, derived from its row so that every replica and every repeated fan-out adds the
 * same job once. A row put back in the queue after tries (a stuck job taken up again, an operator's
 * rerun) gets the id of its try count, since the queue remembers a finished id for days.
 */
export function composeJobId(row: JobRow): string {
  const id = `digest:${row.user_id}:${row.week_key}`;
  return row.attempts === 0 ? id : `${id}:after-${row.attempts}`;
}

/** A batch's id, derived from its rows' ids: the same rows make the same job. */
const batchJobId = (rows: readonly JobRow[]) =>
  `digests:${createHash("sha256").update(rows.map(composeJobId).join("\n")).digest("base64url")}`;

/**
 * Adds the compose jobs of the rows, in batches of `batchSize` (a batch whose job is already in the
 * queue adds nothing). The rows are ordered first, so a fan-out repeated over the same rows makes the
 * same batches; a row alone gets the job of its own.
 */
export function addComposeJobs(
  jobs: JobQueue<DigestJobs>,
  rows: readonly JobRow[],
  batchSize = DIGEST_BATCH_SIZE,
): Promise<void> {
  const ordered = [...rows].sort((a, b) => composeJobId(a).localeCompare(composeJobId(b)));
  const batches = Array.from({ length: Math.ceil(ordered.length / batchSize) }, (_, index) =>
    ordered.slice(index * batchSize, (index + 1) * batchSize),
  );
  return jobs.addBulk(
    batches.map((batch) => {
      const [row] = batch;
      if (batch.length === 1 && row) {
        return {
          name: "compose-digest" as const,
          data: { userId: row.user_id, weekKey: row.week_key },
          options: { jobId: composeJobId(row) },
        };
      }
      return {
        name: "compose-digests" as const,
        data: { keys: batch.map((each) => ({ userId: each.user_id, weekKey: each.week_key })) },
        options: { jobId: batchJobId(batch) },
      };
    }),
  );
}
