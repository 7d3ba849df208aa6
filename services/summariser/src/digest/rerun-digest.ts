import type { JobQueue } from "@tubedigest/jobs";
import type { Kysely } from "kysely";
import type { SummariserDatabase } from "../store/database.ts";
import { type DigestKey, DigestRepository, type DigestRow } from "../store/digest-repository.ts";
import { addComposeJobs, type DigestJobs } from "./digest-jobs.ts";

/**
 * An operator's rerun of a failed digest: the row goes back to the queue and its job is added under the
 * id of its try count (the failed job's id is remembered). Without a queue to reach (the embedded
 * product's is in its own process), a digest.due slot adds the job once the row has waited ten minutes. Undefined when it had not failed.
 */
export async function rerunDigest(
  db: Kysely<SummariserDatabase>,
  jobs: JobQueue<DigestJobs> | undefined,
  key: DigestKey,
): Promise<DigestRow | undefined> {
  const row = await new DigestRepository(db).requeueFailed(key, new Date());
  if (row && jobs) await addComposeJobs(jobs, [row]);
  return row;
}
