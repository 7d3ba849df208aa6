import type { EventBus } from "@tubedigest/bus";
import { scheduleEventId } from "@tubedigest/contracts/schedule-event-id";
import type pg from "pg";
import { type PipelineCounts, pipelineCounts, type RunSchemas } from "./pipeline-state.ts";
import type { SinkLedger } from "./sink-ledger.ts";
import { waitUntil } from "./wait-until.ts";

/** Where the pipeline stood at one moment of the run, `atMs` after digest.due. */
export interface ProgressSample extends PipelineCounts {
  atMs: number;
  /** Messages the sink has accepted. */
  accepted: number;
}

export interface DigestRun {
  /** When digest.due was published (epoch ms). */
  startedAt: number;
  final: PipelineCounts;
}

/** How long the run may take before it is called stuck: well past what `make bench` allows it. */
const RUN_TIMEOUT_MS = 9 * 60_000;
/** A run in which nothing moves for this long is stuck, not slow. */
const STALL_MS = 60_000;
/** After the last expected message, how long to keep listening for one that should not come. */
const QUIET_AFTER_MS = 3_000;

const fingerprint = (sample: ProgressSample) =>
  [
    sample.summaries,
    sample.digests,
    sample.composed,
    sample.skippedOrFailed,
    sample.messages,
    sample.unsentMessages,
    sample.accepted,
  ].join();

/**
 * Publishes digest.due for `slot`, as the scheduler does (its id derived from the slot), and follows the
 * pipeline until every recipient's digest has reached the sink, no digest is still queued or being
 * composed and no message is waiting to be sent. Samples its progress every second on the way.
 */
export async function runDigest(options: {
  bus: EventBus;
  slot: Date;
  pool: pg.Pool;
  schemas: RunSchemas;
  ledger: SinkLedger;
  recipients: ReadonlySet<string>;
  onProgress?: (sample: ProgressSample) => void;
}): Promise<DigestRun> {
  const { bus, slot, pool, schemas, ledger, recipients } = options;
  const samples: ProgressSample[] = [];
  const startedAt = Date.now();
  await bus.publish(
    "digest.due",
    { slot: slot.toISOString() },
    { correlationId: "bench:digest-at-scale", id: scheduleEventId("digest.due", slot) },
  );
  let lastChangeAt = startedAt;
  const sample = async (): Promise<ProgressSample> => {
    const counts = await pipelineCounts(pool, schemas);
    const progress = { ...counts, atMs: Date.now() - startedAt, accepted: ledger.acceptances.length };
    const previous = samples.at(-1);
    if (!previous || fingerprint(previous) !== fingerprint(progress)) lastChangeAt = Date.now();
    else if (Date.now() - lastChangeAt > STALL_MS) {
      throw new Error(`nothing moved for ${STALL_MS / 1000} s: ${JSON.stringify(progress)}`);
    }
    samples.push(progress);
    options.onProgress?.(progress);
    return progress;
  };
  await waitUntil(
    "every recipient's digest at the sink",
    sample,
    (state) =>
      ledger.reached(recipients) === recipients.size &&
      state.digests > 0 &&
      state.composing === 0 &&
      state.unsentMessages === 0,
    {
      timeoutMs: RUN_TIMEOUT_MS,
      everyMs: 1_000,
      describe: (state) => `${JSON.stringify(state)}, recipients reached ${ledger.reached(recipients)}`,
    },
  );
  await new Promise((resolve) => setTimeout(resolve, QUIET_AFTER_MS));
  return { startedAt, final: await pipelineCounts(pool, schemas) };
}
