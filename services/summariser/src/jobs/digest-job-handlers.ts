import type { JobHandlers } from "@tubedigest/jobs";
import { composeDigest } from "../domain/compose-digest.ts";
import type { DigestJobs } from "../domain/digest-jobs.ts";
import type { SummariserContext } from "../domain/summariser-context.ts";

/** What each job of the digest's work queue does. */
export function digestJobHandlers(context: SummariserContext): JobHandlers<DigestJobs> {
  return {
    "compose-digest": (key, job) => composeDigest(context, key, job),
  };
}
