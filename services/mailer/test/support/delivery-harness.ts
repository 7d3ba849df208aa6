import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { busMigrations } from "@tubedigest/bus";
import { schemaTemplate } from "@tubedigest/bus/testing";
import { createDatabase, type Database, migrateToLatest } from "@tubedigest/db";
import { type FakeSmtpServer, startFakeSmtpServer } from "@tubedigest/testing/smtp";
import { createMigratedTestSchema } from "@tubedigest/testing/test-schema";
import { pino } from "pino";
import { createSmtpTransport } from "../../src/adapters/mail-transport/smtp-transport.ts";
import type { DkimSettings } from "../../src/config.ts";
import { type Dispatcher, type DispatcherOptions, startDispatcher } from "../../src/domain/dispatcher.ts";
import type { MailerDatabase, MessageStatus } from "../../src/store/database.ts";
import { MessageRepository, type NewMessage } from "../../src/store/message-repository.ts";
import { migrations } from "../../src/store/migrations/index.ts";

export const SENDER = "tubedigest <digest@tubedigest.test>";

export interface DeliveryUnderTest {
  /** The mailer's schema in the real Postgres, migrated. */
  database: Database<MailerDatabase>;
  smtp: FakeSmtpServer;
  /** Queues a message (to a recipient of its own unless given); answers whether it was queued now. */
  enqueue(message?: Partial<NewMessage>): Promise<boolean>;
  /** Queues `count` messages, each to a recipient of its own. */
  enqueueMany(count: number): Promise<void>;
  /**
   * A dispatcher on this schema with a pooled nodemailer transport of its own to the fake, waits of a
   * few milliseconds, and `user` as its SMTP login (so the fake tells whose sends it took).
   */
  startDispatcher(options?: Partial<DispatcherOptions> & { user?: string; dkim?: DkimSettings }): Dispatcher;
  /** Drains `dispatchers` until no message is pending or sending: retries due in a few ms included. */
  settle(...dispatchers: Dispatcher[]): Promise<void>;
  /** Messages per status. */
  statusCounts(): Promise<Partial<Record<MessageStatus, number>>>;
  /** How many times the fake accepted each Message-ID. */
  acceptedPerMessageId(): Map<string, number>;
  stop(): Promise<void>;
}

/** Each test's schema comes migrated (`createMigratedTestSchema`): the migrations run once per worker. */
const mailerTemplate = schemaTemplate("mailer", { ...busMigrations, ...migrations });

/** The mailer's queue and dispatcher as they run: the real Postgres, nodemailer's SMTP pool, a real SMTP server. */
export async function startDelivery(): Promise<DeliveryUnderTest> {
  const schema = await createMigratedTestSchema("mailer", mailerTemplate);
  const database = createDatabase<MailerDatabase>({ url: schema.url, schema: schema.schema, poolSize: 12 });
  await migrateToLatest(database.db, database.schema, { ...busMigrations, ...migrations });
  const smtp = await startFakeSmtpServer();
  const log = pino({ level: "silent" });
  const running: { dispatcher: Dispatcher; close(): Promise<void> }[] = [];
  const messages = new MessageRepository(database.db, "tubedigest.test");

  const enqueue = (message: Partial<NewMessage> = {}) =>
    messages.enqueue({
      naturalKey: `test:${randomUUID()}`,
      template: "welcome",
      recipient: `${randomUUID().slice(0, 8)}@example.com`,
      userId: null,
      subject: "Welcome",
      html: "<p>Welcome</p>",
      text: "Welcome",
      headers: {},
      ...message,
    });

  return {
    database,
    smtp,
    enqueue,
    async enqueueMany(count) {
      for (let sent = 0; sent < count; sent += 50) {
        await Promise.all(Array.from({ length: Math.min(50, count - sent) }, () => enqueue()));
      }
    },
    startDispatcher({ user = "dispatcher", dkim, ...options } = {}) {
      const url = new URL(smtp.url);
      url.username = user;
      url.password = "secret";
      const transport = createSmtpTransport({ url: url.toString(), timeoutMs: 5_000, dkim });
      const dispatcher = startDispatcher({
        db: database.db,
        transport,
        from: SENDER,
        log,
        pollMs: 20,
        retryDelaysMs: [2, 5, 10],
        batchSize: 50,
        ...options,
      });
      running.push({ dispatcher, close: () => transport.close() });
      return dispatcher;
    },
    async settle(...dispatchers) {
      const deadline = Date.now() + 30_000;
      for (;;) {
        await Promise.all(dispatchers.map((dispatcher) => dispatcher.drain()));
        const open = await database.db
          .selectFrom("messages")
          .select((eb) => eb.fn.countAll<string>().as("count"))
          .where("status", "in", ["pending", "sending"])
          .executeTakeFirstOrThrow();
        if (Number(open.count) === 0) return;
        if (Date.now() > deadline) throw new Error(`${open.count} messages still not settled`);
        await sleep(10);
      }
    },
    async statusCounts() {
      const rows = await database.db
        .selectFrom("messages")
        .select(["status", (eb) => eb.fn.countAll<string>().as("count")])
        .groupBy("status")
        .execute();
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
    },
    acceptedPerMessageId() {
      const counts = new Map<string, number>();
      for (const message of smtp.messages) {
        const id = message.messageId ?? "(none)";
        counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return counts;
    },
    async stop() {
      for (const { dispatcher, close } of running.splice(0)) {
        await dispatcher.stop();
        await close();
      }
      await smtp.close();
      await database.close();
      await schema.drop();
    },
  };
}
