import { randomUUID } from "node:crypto";
import { type Kysely, type Selectable, sql } from "kysely";
import type { MailerDatabase, MessagesTable } from "./database.ts";

export type Message = Selectable<MessagesTable>;

/** A rendered message, ready to wait for the dispatcher. */
export interface NewMessage {
  /** What the message is (`newsletter:<id>`, `welcome:<userId>`…): a second one with it is not queued. */
  naturalKey: string;
  template: string;
  recipient: string;
  userId: string | null;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  /** When it may go out; at once when absent. */
  dueAt?: Date;
  /** The newsletter it delivers, when it is one: once the SMTP server takes it, `newsletter.sent` follows. */
  newsletterId?: string;
  /** Why it is recorded but never sent (status `suppressed`), when it is. */
  suppressed?: string;
  /** The data it was written from, kept when it is decided again at send time (send-time-rules.ts). */
  data?: unknown;
}

/** A message's content, as rendered. */
export type MessageContent = Pick<NewMessage, "subject" | "html" | "text">;

/** A message written anew: its content and the data it was written from. */
export type RewrittenMessage = MessageContent & { data: unknown };

/** An attempt the dispatcher holds: the row, as of its lease. */
export type Leased = Pick<Message, "id" | "attempts">;

// An SMTP reply or stack of causes can be long; the row keeps what an operator needs to read.
const MAX_ERROR_LENGTH = 1_000;

/**
 * The messages table: the queue of everything the mailer sends. Every change after a lease is fenced by
 * the attempt number, so a dispatcher whose lease lapsed (and whose message another one took over)
 * changes nothing.
 */
export class MessageRepository {
  constructor(
    private readonly db: Kysely<MailerDatabase>,
    /** The right-hand side of each Message-ID: `<uuid@domain>`. */
    private readonly messageIdDomain = "tubedigest",
  ) {}

  /** Queues a message once per natural key; answers whether it was queued now. */
  async enqueue(message: NewMessage): Promise<boolean> {
    const id = randomUUID();
    const inserted = await this.db
      .insertInto("messages")
      .values({
        id,
        natural_key: message.naturalKey,
        template: message.template,
        recipient: message.recipient,
        user_id: message.userId,
        subject: message.subject,
        html: message.html,
        text: message.text,
        headers: JSON.stringify(message.headers),
        status: message.suppressed ? "suppressed" : "pending",
        last_error: message.suppressed ?? null,
        newsletter_id: message.newsletterId ?? null,
        data: message.data === undefined ? null : JSON.stringify(message.data),
        ...(message.dueAt ? { next_attempt_at: message.dueAt } : {}),
        // Chosen now, so every attempt of this message carries the same id.
        message_id: `<${id}@${this.messageIdDomain}>`,
      })
      .onConflict((conflict) => conflict.column("natural_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /** Whom the message with this Message-ID (`<…@domain>`, as its header wrote it) was sent to, if it is ours. */
  async recipientOf(messageId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("messages")
      .select("recipient")
      .where("message_id", "=", messageId)
      .executeTakeFirst();
    return row?.recipient;
  }

  /**
   * The message with this natural key, locked until the transaction ends: a dispatcher leasing it
   * (`SKIP LOCKED`) passes it by meanwhile, so what is read of its status holds until then.
   */
  lock(naturalKey: string): Promise<Message | undefined> {
    return this.db
      .selectFrom("messages")
      .selectAll()
      .where("natural_key", "=", naturalKey)
      .forUpdate()
      .executeTakeFirst();
  }

  /**
   * Writes a message not yet sent anew, due at `dueAt` if never tried (one a server refused for now keeps
   * its wait); answers false once a dispatcher has taken it.
   */
  async rewritePending(naturalKey: string, content: RewrittenMessage, dueAt: Date): Promise<boolean> {
    const updated = await this.db
      .updateTable("messages")
      .set({
        ...content,
        data: JSON.stringify(content.data),
        next_attempt_at: sql<Date>`case when attempts = 0 then ${dueAt} else next_attempt_at end`,
      })
      .where("natural_key", "=", naturalKey)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }

  /**
   * A user's messages no dispatcher has taken, locked until the transaction ends: a dispatcher leasing
   * them (`SKIP LOCKED`) passes them by meanwhile.
   */
  lockPendingOf(userId: string): Promise<Pick<Message, "id" | "html" | "text" | "headers">[]> {
    return this.db
      .selectFrom("messages")
      .select(["id", "html", "text", "headers"])
      .where("user_id", "=", userId)
      .where("status", "=", "pending")
      .forUpdate()
      .execute();
  }

  /** Writes the body and headers of a message locked with lockPendingOf anew, keeping everything else. */
  async rewriteLocked(
    id: string,
    content: Pick<MessageContent, "html" | "text"> & { headers: Record<string, string> },
  ): Promise<void> {
    await this.db
      .updateTable("messages")
      .set({ html: content.html, text: content.text, headers: JSON.stringify(content.headers) })
      .where("id", "=", id)
      .execute();
  }

  /**
   * Takes up to `limit` messages due at `now` (pending and due, or left sending by a dispatcher whose
   * lease lapsed), oldest due first, for this dispatcher alone: rows another one is leasing are skipped,
   * not waited for. Each attempt counts from here.
   */
  async leaseDue(now: Date, leaseUntil: Date, limit: number): Promise<Message[]> {
    const leased = await this.db
      .with("due", (db) =>
        db
          .selectFrom("messages")
          .select("id")
          .where((eb) =>
            eb.or([
              eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", now)]),
              eb.and([eb("status", "=", "sending"), eb("lease_until", "<=", now)]),
            ]),
          )
          .orderBy("next_attempt_at")
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .updateTable("messages")
      .from("due")
      .set((eb) => ({
        status: "sending",
        lease_until: leaseUntil,
        attempts: eb("messages.attempts", "+", 1),
      }))
      .whereRef("messages.id", "=", "due.id")
      .returningAll("messages")
      .execute();
    return leased.sort((a, b) => a.next_attempt_at.getTime() - b.next_attempt_at.getTime());
  }

  /** When the next message falls due (the earliest leaseDue could take), or undefined when none will. */
  async nextDueAt(): Promise<Date | undefined> {
    const row = await this.db
      .selectFrom("messages")
      .select((eb) =>
        eb.fn
          .min(
            eb
              .case()
              .when("status", "=", "pending")
              .then(eb.ref("next_attempt_at"))
              .when("status", "=", "sending")
              .then(eb.ref("lease_until"))
              .end(),
          )
          .as("due"),
      )
      .where("status", "in", ["pending", "sending"])
      .executeTakeFirst();
    return row?.due ? new Date(row.due) : undefined;
  }

  /**
   * Marks the messages sent, in one statement; answers the ids of those this dispatcher still held (one
   * whose lease lapsed and was taken over is left to its new holder).
   */
  async markSentEach(messages: readonly Leased[], sentAt: Date): Promise<Set<string>> {
    if (messages.length === 0) return new Set();
    const leased = JSON.stringify(
      messages.map((message) => ({ id: message.id, attempts: message.attempts })),
    );
    const marked = await this.db
      .updateTable("messages")
      .from(
        sql<Leased>`jsonb_to_recordset(${leased}::jsonb)`.as<"leased">(
          sql`leased(id uuid, attempts integer)`,
        ),
      )
      .set({ status: "sent", sent_at: sentAt, lease_until: null })
      .whereRef("messages.id", "=", "leased.id")
      .whereRef("messages.attempts", "=", "leased.attempts")
      .where("messages.status", "=", "sending")
      .returning("messages.id")
      .execute();
    return new Set(marked.map((row) => row.id));
  }

  async markRetry(message: Leased, nextAttemptAt: Date, error: string): Promise<boolean> {
    return this.#settle(message, {
      status: "pending",
      next_attempt_at: nextAttemptAt,
      last_error: error.slice(0, MAX_ERROR_LENGTH),
    });
  }

  async markFailed(message: Leased, error: string): Promise<boolean> {
    return this.#settle(message, { status: "failed", last_error: error.slice(0, MAX_ERROR_LENGTH) });
  }

  /** Never sent: its address is suppressed, or (with `reason`) what it says is no longer true. */
  async markSuppressed(message: Leased, reason?: string): Promise<boolean> {
    return this.#settle(message, { status: "suppressed", ...(reason ? { last_error: reason } : {}) });
  }

  /**
   * Writes a message this dispatcher has leased anew, just before sending it; answers false once its
   * lease lapsed and another one took it over.
   */
  async rewriteLeased(message: Leased, content: RewrittenMessage): Promise<boolean> {
    const updated = await this.db
      .updateTable("messages")
      .set({ ...content, data: JSON.stringify(content.data) })
      .where("id", "=", message.id)
      .where("status", "=", "sending")
      .where("attempts", "=", message.attempts)
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }

  /** Whether a digest has reached the reader (the SMTP server took it). */
  async digestSentTo(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("messages")
      .select("id")
      .where("user_id", "=", userId)
      .where("template", "=", "digest")
      .where("status", "=", "sent")
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Hands back a leased message never tried (its dispatcher is stopping): due again at once, attempt uncounted. */
  async release(message: Leased): Promise<boolean> {
    return this.#settle(message, { status: "pending", attempts: message.attempts - 1 });
  }

  async #settle(
    message: Leased,
    change: Partial<Pick<Message, "status" | "sent_at" | "next_attempt_at" | "last_error" | "attempts">>,
  ): Promise<boolean> {
    const updated = await this.db
      .updateTable("messages")
      .set({ ...change, lease_until: null })
      .where("id", "=", message.id)
      .where("status", "=", "sending")
      .where("attempts", "=", message.attempts)
      .executeTakeFirst();
    return updated.numUpdatedRows > 0n;
  }
}
