import { contractOf, InvalidEventError, isEventName, parseEvent } from "@tubedigest/contracts";
import { type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import type { BusTables } from "../bus-tables.ts";
import type { EventPublisher } from "../event-bus.ts";
import { backoffDelay, sleep } from "../sleep.ts";

export interface OutboxRelayOptions<DB> {
  db: Kysely<DB>;
  publisher: EventPublisher;
  log: Logger;
  /** Rows claimed and published per transaction. */
  batchSize?: number;
  /** The pause between polls when the outbox was empty. */
  pollIntervalMs?: number;
  /** Back-off after a failed batch (broker down) starts here and doubles up to maxRetryDelayMs. */
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** Sent rows are deleted once older than this (checked every pruneEveryMs). */
  keepSentForMs?: number;
  pruneEveryMs?: number;
}

export interface OutboxRelay {
  /** Finishes the batch in hand, then stops; unsent rows wait for the next relay. */
  stop(): Promise<void>;
}

const defaults = {
  batchSize: 200,
  pollIntervalMs: 100,
  retryDelayMs: 250,
  maxRetryDelayMs: 15_000,
  keepSentForMs: 7 * 24 * 3_600_000,
  pruneEveryMs: 3_600_000,
};

/** Whether the stored envelope's contract asks for its row to be deleted once the broker has it. */
function forgetOnceSent(envelope: unknown): boolean {
  const name = typeof envelope === "object" && envelope !== null ? (envelope as { name?: unknown }).name : "";
  return typeof name === "string" && isEventName(name) && contractOf(name).forgetOnceSent === true;
}

/**
 * Publishes what the service wrote to its outbox, oldest first. Each batch is claimed with
 * `FOR UPDATE SKIP LOCKED` inside a transaction held while publishing, so replicas running their own
 * relay never publish the same row twice; rows are marked sent only after the broker confirmed them.
 * A crash between publish and commit publishes those rows again: consumers are idempotent for that.
 */
export function startOutboxRelay<DB>(options: OutboxRelayOptions<DB>): OutboxRelay {
  const settings = {
    batchSize: options.batchSize ?? defaults.batchSize,
    pollIntervalMs: options.pollIntervalMs ?? defaults.pollIntervalMs,
    retryDelayMs: options.retryDelayMs ?? defaults.retryDelayMs,
    maxRetryDelayMs: options.maxRetryDelayMs ?? defaults.maxRetryDelayMs,
    keepSentForMs: options.keepSentForMs ?? defaults.keepSentForMs,
    pruneEveryMs: options.pruneEveryMs ?? defaults.pruneEveryMs,
  };
  const db = options.db as unknown as Kysely<BusTables>;
  const { publisher } = options;
  const log = options.log.child({ component: "outbox-relay" });
  const stopping = new AbortController();

  /** Claims, publishes and marks one batch; failures are recorded on their rows and committed too. */
  async function publishBatch(): Promise<{ claimed: number; failed: number }> {
    return db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom("outbox")
        .select(["id", "event"])
        .where("sent_at", "is", null)
        .where("failed_at", "is", null)
        .orderBy("id")
        .limit(settings.batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return { claimed: 0, failed: 0 };
      // Confirms are pipelined: the whole batch is in flight at once, then settled row by row.
      const results = await Promise.allSettled(
        rows.map(async (row) => publisher.publishEvent(parseEvent(row.event))),
      );
      const published = rows.filter((_, index) => results[index]?.status === "fulfilled");
      // Most sent rows are kept a week for operators; an event that must not outlive its publishing goes now.
      const forget = published.filter((row) => forgetOnceSent(row.event)).map((row) => row.id);
      const sent = published.map((row) => row.id).filter((id) => !forget.includes(id));
      if (forget.length > 0) await trx.deleteFrom("outbox").where("id", "in", forget).execute();
      if (sent.length > 0) {
        await trx.updateTable("outbox").set({ sent_at: sql<Date>`now()` }).where("id", "in", sent).execute();
      }
      let failed = 0;
      for (const [index, row] of rows.entries()) {
        const result = results[index];
        if (result?.status !== "rejected") continue;
        const error: unknown = result.reason;
        // A row that breaks its contract will never publish: set it aside (kept for operators) and go on.
        const invalid = error instanceof InvalidEventError;
        if (invalid)
          log.error(
            { err: error, outboxId: row.id },
            "an outbox row breaks its contract; kept, not published",
          );
        else failed += 1;
        await trx
          .updateTable("outbox")
          .set((eb) => ({
            attempts: eb("attempts", "+", 1),
            last_error: error instanceof Error ? error.message : String(error),
            ...(invalid ? { failed_at: sql<Date>`now()` } : {}),
          }))
          .where("id", "=", row.id)
          .execute();
        if (failed === 1 && !invalid) log.warn({ err: error }, "outbox event not confirmed by the broker");
      }
      return { claimed: rows.length, failed };
    });
  }

  async function pruneSent(): Promise<void> {
    const before = new Date(Date.now() - settings.keepSentForMs);
    await db.deleteFrom("outbox").where("sent_at", "<", before).execute();
  }

  let failures = 0;

  async function backOff(error: unknown): Promise<void> {
    failures += 1;
    const delay = backoffDelay(failures, settings.retryDelayMs, settings.maxRetryDelayMs);
    log.warn({ err: error, failures, retryInMs: delay }, "outbox relay backing off");
    await sleep(delay, stopping.signal);
  }

  async function run(): Promise<void> {
    let prunedAt = 0;
    while (!stopping.signal.aborted) {
      try {
        if (Date.now() - prunedAt > settings.pruneEveryMs) {
          await pruneSent();
          prunedAt = Date.now();
        }
        const { claimed, failed } = await publishBatch();
        if (failed > 0) {
          await backOff(new Error(`${failed} of ${claimed} outbox events not confirmed`));
          continue;
        }
        if (failures > 0) log.info({ afterFailures: failures }, "outbox relay publishing again");
        failures = 0;
        // A full batch means more is waiting: go on at once. Otherwise poll again shortly.
        if (claimed < settings.batchSize) await sleep(settings.pollIntervalMs, stopping.signal);
      } catch (error) {
        // The database itself failed (or the broker made the transaction outlive a timeout).
        await backOff(error);
      }
    }
  }

  const running = run();
  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
