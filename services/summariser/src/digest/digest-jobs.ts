import type { JobQueue } from "@tubedigest/jobs";
import type { DigestKey, DigestRow } from "../store/digest-repository.ts";

/** The summariser's work queue: one job composes one user's digest. */
export type DigestJobs = { "compose-digest": DigestKey };

export const DIGEST_JOB_NAMES = ["compose-digest"] as const satisfies readonly (keyof DigestJobs)[];

/** Tries a compose job gets (the queue's back-off spaces them over about a minute and a quarter). */
export const COMPOSE_ATTEMPTS = 5;

/**
 * A compose job's id, derived from its row so that every replica and every repeated fan-out adds the
 * same job once. A row put back in the queue after tries (a stuck job taken up again, an operator's
 * rerun) gets the id of its try count, since the queue remembers a finished id for days.
 */
export function composeJobId(row: Pick<DigestRow, "user_id" | "week_key" | "attempts">): string {
  const id = `digest:${row.user_id}:${row.week_key}`;
  return row.attempts === 0 ? id : `${id}:after-${row.attempts}`;
}

/** Adds the compose job of each row (a row whose job is already in the queue adds nothing). */
export function addComposeJobs(
  jobs: JobQueue<DigestJobs>,
  rows: readonly Pick<DigestRow, "user_id" | "week_key" | "attempts">[],
): Promise<void> {
  return jobs.addBulk(
    rows.map((row) => ({
      name: "compose-digest" as const,
      data: { userId: row.user_id, weekKey: row.week_key },
      options: { jobId: composeJobId(row) },
    })),
  );
}
