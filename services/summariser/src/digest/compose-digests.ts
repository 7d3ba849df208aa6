import { leaseEnd, renewWhileWorking } from "../shared/lease.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { type DigestKey, DigestRepository, digestId, keyOf } from "../store/digest-repository.ts";
import { composeNewsletters } from "./compose-newsletters.ts";
import { COMPOSE_ATTEMPTS } from "./digest-jobs.ts";
import { storeDigests } from "./store-digests.ts";

/** Another worker holds a digest's lease: the queue tries again later, by when it is done or lapsed. */
class DigestBusyError extends Error {
  constructor(count: number) {
    super(`${count} digest(s) of the job are being composed elsewhere`);
    this.name = "DigestBusyError";
  }
}

/**
 * The compose job: the digests of a batch of readers (one, for a digest asked for on its own). The rows
 * are leased first, in one statement, so of two workers (a stalled job run again, two replicas, two jobs
 * holding one row) one composes each; a digest already composed or skipped is left alone. The batch is
 * composed together (composeNewsletters) and ended in one transaction (storeDigests), and the
 * newsletters' unique (user, week) key stands behind the leases. An outage (catalog, the model) puts the
 * readers it touched back in the queue and is thrown for the queue to try again; after the last try they
 * are marked failed. A row held elsewhere is tried again too, until the last try.
 */
export async function composeDigests(
  context: SummariserContext,
  keys: readonly DigestKey[],
  job: { attempt: number },
): Promise<void> {
  const digests = new DigestRepository(context.db);
  const owner = context.leases.owner;
  const lastTry = job.attempt >= COMPOSE_ATTEMPTS;
  const rows = await digests.takeLeases(keys, owner, leaseEnd(context), context.now());
  const leased = new Set(rows.map((row) => digestId(keyOf(row))));
  const others = keys.filter((key) => !leased.has(digestId(key)));
  const busy = (await digests.findEach(others)).filter((row) => row.status === "composing").length;
  if (others.length > 0) {
    context.log.info({ digests: others.length, busy }, "digests not ours to compose; left as they are");
  }
  let outage: unknown;
  if (rows.length > 0) {
    const stopRenewing = renewWhileWorking(
      context,
      (leaseUntil) => digests.renewLeases(rows.map(keyOf), owner, leaseUntil),
      { digests: rows.length },
    );
    try {
      const stored = await storeDigests(context, rows, await composeNewsletters(context, rows), lastTry);
      for (const reason of stored.skipped) context.metrics.digestFinished("skipped", reason);
      for (let count = 0; count < stored.composed; count++) context.metrics.digestFinished("composed");
      for (let count = 0; count < stored.failed; count++) context.metrics.digestFinished("failed");
      context.log.info(
        {
          digests: rows.length,
          composed: stored.composed,
          skipped: stored.skipped.length,
          outages: stored.outages.length,
        },
        "digests composed",
      );
      const [first] = stored.outages;
      if (first && lastTry)
        context.log.error({ err: first.error, failed: stored.failed }, "digests failed after their last try");
      else if (first) outage = first.error;
    } catch (error) {
      // What could not be stored at all goes back to the queue (or fails, on the last try).
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const status = lastTry ? "failed" : "queued";
      const settled = await digests.settleEach(
        owner,
        rows.map((row) => ({ ...keyOf(row), status, reason })),
        context.now(),
      );
      if (!lastTry) throw error;
      for (let count = 0; count < settled.length; count++) context.metrics.digestFinished("failed");
      context.log.error({ err: error, digests: settled.length }, "digests failed after their last try");
    } finally {
      stopRenewing();
    }
  }
  // Readers put back in the queue after an outage are tried again with the job.
  if (outage !== undefined) throw outage;
  if (busy > 0 && !lastTry) throw new DigestBusyError(busy);
}
