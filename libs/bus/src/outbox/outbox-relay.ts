import { context } from "@opentelemetry/api";
import { contractOf, InvalidEventError, isEventName, parseEvent } from "@tubedigest/contracts";
import type { Notifications } from "@tubedigest/db";
import { type Kysely, sql } from "kysely";
import type { Logger } from "pino";
import type { BusTables } from "../bus-tables.ts";
import type { EventPublisher } from "../event-bus.ts";
import { backoffDelay, sleep } from "../sleep.ts";
import { traceContextOf } from "../trace-context.ts";
import { OUTBOX_CHANNEL, onOutboxWrite, parseOutboxNotification, THIS_PROCESS } from "./outbox-signal.ts";

export interface OutboxRelayOptions<DB> {
  db: Kysely<DB>;
  publisher: EventPublisher;
  log: Logger;
  /** Rows locked and published per transaction. */
  batchSize?: number;
  /**
   * The relay is woken by the outbox writes of its own process (as they commit) and, with
   * `notifications`, by those of every other process; it polls only as a safety net, this long after a
   * pass that left the outbox empty.
   */
  pollIntervalMs?: number;
  /** The database's LISTEN/NOTIFY (a database reached by URL), for writes made by other processes. */
  notifications?: Notifications | undefined;
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
  pollIntervalMs: 30_000,
  retryDelayMs: 250,
  maxRetryDelayMs: 15_000,
  keepSentForMs: 7 * 24 * 3_600_000,
  pruneEveryMs: 3_600_000,
};

/** The time until the clock next reaches a multiple of `ms`: at most `ms`, never 0. */
function untilNextMultiple(ms: number, now = Date.now()): number {
  return ms - (now % ms);
}

/** Whether the stored envelope's contract asks for its row to be deleted once the broker has it. */
function forgetOnceSent(envelope: unknown): boolean {
  const name = typeof envelope === "object" && envelope !== null ? (envelope as { name?: unknown }).name : "";
  return typeof name === "string" && isEventName(name) && contractOf(name).forgetOnceSent === true;
}

/**
 * Publishes what the service wrote to its outbox, oldest first. Each batch is locked with
 * `FOR UPDATE SKIP LOCKED` inside a transaction held while publishing, so replicas running their own
 * relay never publish the same row twice; rows are marked sent only after the broker confirmed them.
 * A crash between publish and commit publishes those rows again: consumers are idempotent for that.
 *
 * Idle, it waits: a commit that wrote to its schema's outbox wakes it (in this process directly, from
 * another through Postgres NOTIFY), and it looks by itself only every `pollIntervalMs`. A wake-up during
 * a pass makes another pass follow, so a row committed while a batch was in hand is not left waiting.
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

  /** Locks, publishes and marks one batch; failures are recorded on their rows and committed too. */
  async function publishBatch(): Promise<{ locked: number; failed: number }> {
    return db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom("outbox")
        .select(["id", "event", "trace_context"])
        .where("sent_at", "is", null)
        .where("failed_at", "is", null)
        .orderBy("id")
        .limit(settings.batchSize)
        .forUpdate()
        .skipLocked()
        .execute();
      if (rows.length === 0) return { locked: 0, failed: 0 };
      // Confirms are pipelined: the whole batch is in flight at once, then settled row by row.
      const results = await Promise.allSettled(
        // Each publish continues the trace of the transaction that wrote its row.
        rows.map(async (row) =>
          context.with(traceContextOf(row.trace_context), () =>
            publisher.publishEvent(parseEvent(row.event)),
          ),
        ),
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
      return { locked: rows.length, failed };
    });
  }

  async function pruneSent(): Promise<void> {
    const before = new Date(Date.now() - settings.keepSentForMs);
    await db.deleteFrom("outbox").where("sent_at", "<", before).execute();
  }

  let failures = 0;

  // Set by a wake-up, cleared as a pass starts: a wake-up during the pass asks for the next one.
  let woken = true;
  let wakeUp: (() => void) | undefined;
  function wake(): void {
    woken = true;
    wakeUp?.();
  }

  /** Waits for a wake-up, `ms`, or stop, whichever comes first. */
  function idle(ms: number): Promise<void> {
    if (woken || stopping.signal.aborted) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        stopping.signal.removeEventListener("abort", done);
        wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      stopping.signal.addEventListener("abort", done, { once: true });
      wakeUp = done;
    });
  }

  /** Subscribes to the wake-ups of the relay's schema; answers how to unsubscribe. */
  async function listenForWrites(): Promise<() => Promise<void>> {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const schema = rows[0]?.schema ?? "";
    const unsubscribe = onOutboxWrite(schema, wake);
    const listening = options.notifications?.listen(
      OUTBOX_CHANNEL,
      (payload) => {
        const from = parseOutboxNotification(payload);
        if (from.schema === schema && from.process !== THIS_PROCESS) wake();
      },
      // Listening (again): whatever was notified while not listening is looked for now.
      wake,
    );
    return async () => {
      unsubscribe();
      await listening?.close();
    };
  }

  async function backOff(error: unknown): Promise<void> {
    failures += 1;
    const delay = backoffDelay(failures, settings.retryDelayMs, settings.maxRetryDelayMs);
    log.warn({ err: error, failures, retryInMs: delay }, "outbox relay backing off");
    await sleep(delay, stopping.signal);
  }

  async function run(): Promise<void> {
    let prunedAt = 0;
    let unlisten: (() => Promise<void>) | undefined;
    while (!stopping.signal.aborted) {
      try {
        unlisten ??= await listenForWrites();
        woken = false;
        if (Date.now() - prunedAt > settings.pruneEveryMs) {
          await pruneSent();
          prunedAt = Date.now();
        }
        const { locked, failed } = await publishBatch();
        if (failed > 0) {
          await backOff(new Error(`${failed} of ${locked} outbox events not confirmed`));
          continue;
        }
        if (failures > 0) log.info({ afterFailures: failures }, "outbox relay publishing again");
        failures = 0;
        // A full batch means more is waiting: go on at once. Otherwise wait to be woken, or for the safety
        // net: the next multiple of the interval on the clock, so the relays of a process look together
        // and an idle process wakes once per interval, not once per relay.
        if (locked < settings.batchSize) await idle(untilNextMultiple(settings.pollIntervalMs));
      } catch (error) {
        // The database itself failed (or the broker made the transaction outlive a timeout).
        await backOff(error);
      }
    }
    await unlisten?.();
  }

  const running = run();
  return {
    async stop() {
      stopping.abort();
      await running;
    },
  };
}
