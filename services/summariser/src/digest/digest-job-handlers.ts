import type { JobHandlers } from "@tubedigest/jobs";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { composeDigest } from "./compose-digest.ts";
import type { DigestJobs } from "./digest-jobs.ts";

/** What each job of the digest's work queue does. */
export function digestJobHandlers(context: SummariserContext): JobHandlers<DigestJobs> {
  return {
    "compose-digest": (key, job) => composeDigest(context, key, job),
  };
}
