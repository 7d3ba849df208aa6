import { setTimeout as sleep } from "node:timers/promises";
import { isEmailAddress } from "@tubedigest/contracts/email-rule";
import type { Kysely, Transaction } from "kysely";
import {
  type MailTransport,
  type OutgoingMail,
  PermanentSendError,
  TransientSendError,
} from "../adapters/mail-transport/mail-transport.ts";
import type { MailerDatabase } from "../store/database.ts";
import { type Message, MessageRepository } from "../store/message-repository.ts";
import { SuppressionRepository } from "../store/suppression-repository.ts";
import { DEFAULT_MAX_ATTEMPTS, DEFAULT_RETRY_DELAYS_MS, retryDelay } from "./retry-delay.ts";

/** What the dispatcher logs through: pino's logger and Fastify's both fit. */
export interface DispatcherLogger {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface DispatcherOptions {
  db: Kysely<MailerDatabase>;
  transport: MailTransport;
  /** The From every message shows. */
  from: string;
  log: DispatcherLogger;
  now?: () => Date;
  /** Messages leased at once (20). */
  batchSize?: number;
  /** Messages in the transport at once (5): no more than the SMTP pool's connections. */
  concurrency?: number;
  /**
   * The longest wait between looks at the queue when nothing was due (30 s), a safety net: the
   * dispatcher is woken when a message is queued, and otherwise waits until the next one falls due.
   */
  pollMs?: number;
  /** How long a lease holds its messages (10 min); a message not started within half of it is handed back. */
  leaseMs?: number;
  /** The waits after each refused attempt, the last repeating (30 s, 2 min, 10 min, 1 h, 6 h; ±20 %). */
  retryDelaysMs?: readonly number[];
  /** Attempts after which a message is failed (8). */
  maxAttempts?: number;
  /** Counts what became of each send, for the metrics. */
  counts?: { sent(): void; hardBounced(): void };
  /**
   * Runs in the transaction that marks messages sent (a leased batch's sends together), so what it
   * records commits with the marks.
   */
  onSent?: (trx: Transaction<MailerDatabase>, messages: readonly Message[]) => Promise<void>;
  /**
   * Runs in the transaction that records a message's end, whichever it is (sent, failed, suppressed),
   * after `onSent`: for what must follow a message however it ended.
   */
  onFinished?: (trx: Transaction<MailerDatabase>, message: Message) => Promise<void>;
  /**
   * Decides, just before a message is sent, whether it is still true: the message to send (perhaps
   * written anew), or why not, and it is recorded `suppressed` with that reason, never sent.
   */
  review?: (message: Message) => Promise<Review>;
}

/** What the last look before sending decided: send this, or withhold it for this reason. */
export type Review = { send: Message } | { withhold: string };

export interface Dispatcher {
  /** Stops leasing, hands back what was leased but not started, and resolves once the sends in flight are recorded. */
  stop(): Promise<void>;
  /** Resolves once a look at the queue, begun after this call, found nothing due (or the dispatcher stopped). */
  drain(): Promise<void>;
  /** Looks at the queue now: call it once a transaction that queued a message has committed. */
  wake(): void;
}

// A message due but not taken (another dispatcher was leasing it) is looked for again this soon.
const MIN_POLL_MS = 250;
// A failing database is tried again after a pause that doubles up to a ceiling.
const DATABASE_PAUSE_MS = 1_000;
const MAX_DATABASE_PAUSE_MS = 30_000;
// Recording an outcome is tried a few times: a send the row does not remember is sent again later.
const RECORD_ATTEMPTS = 3;
// Rows queued before every route took one bare address may hold `x<ann@x.io>` or `ann@x.io, bob@y.io`,
// which a mail library reads as another recipient or several: such a message fails unsent.
const NOT_A_BARE_ADDRESS = "the recipient is not one bare e-mail address";

/**
 * Sends the queued messages: leases the due ones (several dispatchers never take the same one), sends
 * each with its own Message-ID, and records the outcome. A refusal for now (4xx, a connection lost) is
 * retried later, spaced out; a refusal for good (5xx) fails the message and suppresses the address, to
 * which nothing is sent again. Nothing it does rejects: failures are logged, and the loop goes on.
 */
export function startDispatcher(options: DispatcherOptions): Dispatcher {
  const settings = {
    batchSize: options.batchSize ?? 20,
    concurrency: options.concurrency ?? 5,
    pollMs: options.pollMs ?? 30_000,
    leaseMs: options.leaseMs ?? 10 * 60_000,
    retryDelaysMs: options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS,
    maxAttempts: options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
  };
  const { db, transport, log } = options;
  const now = options.now ?? (() => new Date());
  const messages = new MessageRepository(db);
  const suppressions = new SuppressionRepository(db);

  let stopping = false;
  let stopped = false;
  let woken = false;
  let interruptPause: (() => void) | undefined;
  /** Looks at the queue begun so far; a drain waits for an empty one begun after it. */
  let looks = 0;
  const drains: { after: number; resolve: () => void }[] = [];

  function pause(ms: number): Promise<void> {
    if (woken || stopping) {
      woken = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        interruptPause = undefined;
        woken = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      interruptPause = done;
    });
  }

  function wake(): void {
    woken = true;
    interruptPause?.();
  }

  function settleDrains(look: number): void {
    for (const waiter of drains.filter((candidate) => candidate.after < look)) {
      drains.splice(drains.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  const outgoing = (message: Message): OutgoingMail => ({
    from: options.from,
    to: message.recipient,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: message.message_id,
    headers: message.headers,
  });

  /**
   * Writes an outcome, a few times if the database fails; then `lastResort`, if given, once. A write that
   * changes nothing means the lease lapsed and another dispatcher holds the message now.
   */
  async function record(
    message: Message,
    write: () => Promise<boolean>,
    lastResort?: () => Promise<boolean>,
  ): Promise<void> {
    for (let attempt = 1; attempt <= RECORD_ATTEMPTS; attempt++) {
      try {
        if (!(await write())) log.warn({ messageId: message.id }, "another dispatcher took the message over");
        return;
      } catch (error) {
        log.warn({ err: error, messageId: message.id, attempt }, "could not record a message's outcome");
        if (attempt < RECORD_ATTEMPTS) await sleep(DATABASE_PAUSE_MS * attempt);
      }
    }
    if (lastResort) {
      try {
        await lastResort();
        return;
      } catch {
        // Reported below, as when there is no last resort.
      }
    }
    log.error(
      { messageId: message.id },
      "outcome not recorded; the message is tried again once its lease lapses",
    );
  }

  /** Records a message's end with `end`, and what follows it (`onFinished`), in one transaction. */
  const finish = (message: Message, end: (trx: Transaction<MailerDatabase>) => Promise<boolean>) => () =>
    db.transaction().execute(async (trx) => {
      const ended = await end(trx);
      if (ended) await options.onFinished?.(trx, message);
      return ended;
    });

  const markFailed = (message: Message, reason: string) =>
    finish(message, (trx) => new MessageRepository(trx).markFailed(message, reason));

  /**
   * Records a batch's sends in one transaction: the marks in one statement, then what goes with them
   * (`onSent`, `onFinished`). Tried a few times if the database fails; a hook that keeps failing must not
   * have the messages sent again and again, so at last they are marked sent alone.
   */
  async function recordSent(sent: readonly Message[]): Promise<void> {
    if (sent.length === 0) return;
    for (let attempt = 1; attempt <= RECORD_ATTEMPTS; attempt++) {
      try {
        const marked = await db.transaction().execute(async (trx) => {
          const held = await new MessageRepository(trx).markSentEach(sent, now());
          const ended = sent.filter((message) => held.has(message.id));
          if (ended.length > 0) await options.onSent?.(trx, ended);
          for (const message of ended) await options.onFinished?.(trx, message);
          return ended.length;
        });
        if (marked < sent.length) {
          log.warn({ messages: sent.length - marked }, "another dispatcher took messages over");
        }
        return;
      } catch (error) {
        log.warn({ err: error, messages: sent.length, attempt }, "could not record messages sent");
        if (attempt < RECORD_ATTEMPTS) await sleep(DATABASE_PAUSE_MS * attempt);
      }
    }
    try {
      if (!options.onSent) throw new Error("nothing else to try");
      await messages.markSentEach(sent, now());
      log.error({ messages: sent.length }, "messages sent; what goes with them (onSent) was not recorded");
    } catch {
      log.error(
        { messages: sent.length },
        "sends not recorded; the messages are tried again once their lease lapses",
      );
    }
  }

  /** Logs a refusal and answers how to record it. */
  function refusal(message: Message, error: unknown): () => Promise<boolean> {
    const reason = error instanceof Error ? error.message : String(error);
    if (error instanceof PermanentSendError) {
      log.warn({ messageId: message.id, err: error }, "refused for good; the address is suppressed");
      options.counts?.hardBounced();
      return finish(message, async (trx) => {
        // The refusal is a fact about the address, whichever dispatcher records the message's end.
        await new SuppressionRepository(trx).suppress(message.recipient, reason);
        return new MessageRepository(trx).markFailed(message, reason);
      });
    }
    if (!(error instanceof TransientSendError)) {
      // A transport should say which kind of failure it met; one that did not is tried again.
      log.error({ messageId: message.id, err: error }, "unexpected failure from the mail transport");
    }
    return retryLater(message, reason, error);
  }

  /** Answers how to record an attempt that may succeed later: spaced out, failed after the last one. */
  function retryLater(message: Message, reason: string, error: unknown): () => Promise<boolean> {
    if (message.attempts >= settings.maxAttempts) {
      log.error({ messageId: message.id, attempts: message.attempts, err: error }, "message given up");
      return markFailed(message, reason);
    }
    const delay = retryDelay(settings.retryDelaysMs, message.attempts);
    log.info(
      { messageId: message.id, attempts: message.attempts, retryInMs: delay, reason },
      "send deferred",
    );
    return () => messages.markRetry(message, new Date(now().getTime() + delay), reason);
  }

  /**
   * A look before sending that failed (the database refused a connection, a lock was broken): the message
   * is tried again like a refusal for now, not left leased for the rest of its lease.
   */
  function lookFailed(message: Message, look: string, error: unknown): Promise<void> {
    log.error({ err: error, messageId: message.id }, `could not ${look}; tried again later`);
    const reason = `could not ${look}: ${error instanceof Error ? error.message : String(error)}`;
    return record(message, retryLater(message, reason, error));
  }

  /**
   * Sends one message of a batch, whose recipients' suppressions were looked up together (or the look
   * failed); a message sent goes into `sent`, recorded with the batch's others.
   */
  async function deliver(
    message: Message,
    suppressed: ReadonlySet<string> | { lookFailed: unknown },
    sent: Message[],
  ): Promise<void> {
    if (!isEmailAddress(message.recipient)) {
      log.warn({ messageId: message.id }, "recipient is not one bare address; message failed, not sent");
      return await record(message, markFailed(message, NOT_A_BARE_ADDRESS));
    }
    if ("lookFailed" in suppressed) {
      return await lookFailed(message, "check the suppression list", suppressed.lookFailed);
    }
    if (suppressed.has(message.recipient)) {
      log.info({ messageId: message.id }, "recipient suppressed; message not sent");
      return await record(
        message,
        finish(message, (trx) => new MessageRepository(trx).markSuppressed(message)),
      );
    }
    let review: Review;
    try {
      review = options.review ? await options.review(message) : { send: message };
    } catch (error) {
      return await lookFailed(message, "review the message before sending it", error);
    }
    if ("withhold" in review) {
      const reason = review.withhold;
      log.info({ messageId: message.id, reason }, "message no longer true; withheld");
      return await record(
        message,
        finish(message, (trx) => new MessageRepository(trx).markSuppressed(message, reason)),
      );
    }
    let failure: unknown;
    try {
      await transport.send(outgoing(review.send));
    } catch (error) {
      failure = error ?? new Error("the transport failed without a reason");
    }
    if (failure === undefined) {
      log.debug({ messageId: message.id, attempts: message.attempts }, "message sent");
      options.counts?.sent();
      sent.push(message);
    } else {
      await record(message, refusal(message, failure));
    }
  }

  /**
   * Sends a leased batch, `concurrency` at a time, its recipients' suppressions looked up in one
   * statement and its sends recorded together; what stopping or a lapsing lease leaves unstarted goes back.
   */
  async function deliverBatch(batch: Message[], leasedAt: Date): Promise<void> {
    let next = 0;
    const leaseRunningOut = () => now().getTime() - leasedAt.getTime() > settings.leaseMs / 2;
    const suppressed = await suppressions
      .suppressedAmong(batch.map((message) => message.recipient))
      .catch((error: unknown) => ({ lookFailed: error }));
    const sent: Message[] = [];
    const worker = async () => {
      for (let message = batch[next++]; message; message = batch[next++]) {
        const handBack = stopping || leaseRunningOut();
        if (handBack) await record(message, () => messages.release(message));
        else await deliver(message, suppressed, sent);
      }
    };
    try {
      await Promise.all(Array.from({ length: Math.min(settings.concurrency, batch.length) }, worker));
    } finally {
      await recordSent(sent);
    }
  }

  async function run(): Promise<void> {
    let failures = 0;
    while (!stopping) {
      try {
        const look = ++looks;
        const leasedAt = now();
        const batch = await messages.leaseDue(
          leasedAt,
          new Date(leasedAt.getTime() + settings.leaseMs),
          settings.batchSize,
        );
        if (failures > 0) log.info({ afterFailures: failures }, "mail dispatcher reaches its database again");
        failures = 0;
        if (batch.length === 0) {
          settleDrains(look);
          // Idle until woken or until the next message falls due (a retry, a delayed message, a lapsed lease).
          const nextDue = await messages.nextDueAt();
          const dueInMs = nextDue ? nextDue.getTime() - now().getTime() : Number.POSITIVE_INFINITY;
          // The safety net falls on a multiple of pollMs on the clock, as the outbox relays' do: an idle
          // process wakes once for all of them.
          const safetyNetMs = settings.pollMs - (Date.now() % settings.pollMs);
          await pause(Math.min(safetyNetMs, Math.max(MIN_POLL_MS, dueInMs)));
          continue;
        }
        await deliverBatch(batch, leasedAt);
      } catch (error) {
        failures += 1;
        const delay = Math.min(MAX_DATABASE_PAUSE_MS, DATABASE_PAUSE_MS * 2 ** (failures - 1));
        log.error(
          { err: error, failures, retryInMs: delay },
          "mail dispatcher cannot lease messages; pausing",
        );
        await pause(delay);
      }
    }
  }

  const running = run()
    .catch((error: unknown) => log.error({ err: error }, "mail dispatcher stopped by an unexpected failure"))
    .finally(() => {
      stopped = true;
      for (const waiter of drains.splice(0)) waiter.resolve();
    });

  return {
    async stop() {
      stopping = true;
      interruptPause?.();
      await running;
    },
    drain() {
      if (stopped) return Promise.resolve();
      return new Promise((resolve) => {
        drains.push({ after: looks, resolve });
        wake();
      });
    },
    wake,
  };
}
