import { eventually } from "@tubedigest/testing/eventually";
import { digestMails } from "./digest-delivery-checks.ts";
import { countRows } from "./digest-readers.ts";
import type { DigestRig } from "./digest-rig.ts";

/** How far a run of digests has come. */
export interface DigestProgress {
  composed: number;
  /** Digest mails the SMTP server accepted. */
  mailed: number;
}

export async function digestProgress(rig: DigestRig): Promise<DigestProgress> {
  return {
    composed: await countRows(rig.summaries, "digests where status = 'composed'"),
    mailed: digestMails(rig.smtp).length,
  };
}

/**
 * Waits until a run of `eligible` digests is well under way: a quarter of them mailed, so newsletters
 * are being composed, relayed, queued, sent and recorded as sent all at once. Answers the progress then,
 * for the test to show that what it broke next was broken mid-run.
 */
export async function untilMidRun(rig: DigestRig, eligible: number): Promise<DigestProgress> {
  const quarter = Math.max(1, Math.floor(eligible / 4));
  return eventually(async () => {
    const progress = await digestProgress(rig);
    return progress.mailed >= quarter ? progress : undefined;
  }, 60_000);
}
