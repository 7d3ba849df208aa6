import { randomUUID } from "node:crypto";
import { createTestBus, schemaTemplate, type TestBus } from "@tubedigest/bus/testing";
import { DEVELOPMENT_SITE } from "@tubedigest/config";
import type { EventData, EventEnvelope, EventName } from "@tubedigest/contracts";
import { createDatabase, type Database } from "@tubedigest/db";
import { eventually } from "@tubedigest/testing/eventually";
import { type FakeSmtpServer, startFakeSmtpServer } from "@tubedigest/testing/smtp";
import { createMigratedTestSchema } from "@tubedigest/testing/test-schema";
import { type ParsedMail, simpleParser } from "mailparser";
import { pino } from "pino";
import { buildMailerApp, type MailerApp, mailerMigrations } from "../../src/app.ts";
import type { MailerDatabase } from "../../src/store/database.ts";

export const IDENTITY_SECRET = "identity-secret-for-tests-only-0123456789";
/** The bearer token of the complaint endpoint (MAIL_COMPLAINTS_SECRET). */
export const COMPLAINTS_SECRET = "complaints-secret-for-tests-only-0123456789";
/** How long a landing-page sign-up's welcome waits here: the default of LANDING_WELCOME_DELAY_MINUTES. */
export const LANDING_WELCOME_DELAY_MS = 15 * 60_000;

export interface MailerUnderTest {
  app: MailerApp;
  smtp: FakeSmtpServer;
  database: Database<MailerDatabase>;
  testBus: TestBus;
  /** Moves the mailer's clock (the abandonment e-mail's 7 days); undefined: the real clock again. */
  setNow(now: Date | undefined): void;
  /** Publishes an event as its service's relay would, and waits until the mailer's queue has handled it. */
  deliver<Name extends EventName>(name: Name, data: EventData<Name>): Promise<void>;
  /** A user the mailer knows (their sign-up delivered); `passwordless`: made on the landing page. */
  registered(input?: {
    fullName?: string | null;
    passwordless?: boolean;
  }): Promise<{ userId: string; email: string }>;
  /** Sends what is due, then answers every message the SMTP server accepted for `to`, parsed. */
  mailTo(to: string): Promise<ParsedMail[]>;
  /**
   * Returns once no message due by the mailer's clock waits or is being sent (the dispatcher's short test
   * retries included); one due later, such as a landing-page sign-up's waiting welcome, is left waiting.
   */
  settle(): Promise<void>;
  /** What the mailer logged with `message`, oldest first (its log is kept in memory, not printed). */
  logged(message: string): Record<string, unknown>[];
  /** Events the mailer wrote to its outbox. */
  published<Name extends EventName>(name: Name): Promise<EventEnvelope<Name>[]>;
  stop(): Promise<void>;
}

/** Each test's schema comes migrated (`createMigratedTestSchema`): the migrations run once per worker. */
const mailerTemplate = schemaTemplate("mailer", mailerMigrations);

/**
 * The mailer as it runs: the real Postgres (a schema of its own), RabbitMQ, and a real SMTP server in
 * process. Its dispatcher looks at the queue by itself every 50 ms unless `dispatcherPollMs` says otherwise:
 * a suite checking that an operation wakes it makes that long.
 */
export async function startMailer(options: { dispatcherPollMs?: number } = {}): Promise<MailerUnderTest> {
  const schema = await createMigratedTestSchema("mailer", mailerTemplate);
  const testBus = await createTestBus("rabbitmq");
  const smtp = await startFakeSmtpServer();
  let now: Date | undefined;
  const logLines: Record<string, unknown>[] = [];
  const log = pino(
    { level: "info" },
    {
      write(line: string) {
        logLines.push(JSON.parse(line) as Record<string, unknown>);
      },
    },
  );
  const app = await buildMailerApp(
    {
      identitySecret: IDENTITY_SECRET,
      database: { url: schema.url, schema: schema.schema },
      publicUrl: "https://digest.example.com",
      smtpUrl: smtp.url,
      mailDir: "/nonexistent",
      from: "tubedigest <digest@tubedigest.test>",
      unsubscribeMailto: "unsubscribe@tubedigest.test",
      complaintsSecret: COMPLAINTS_SECRET,
      devMailbox: false,
      landingWelcomeDelayMs: LANDING_WELCOME_DELAY_MS,
      site: DEVELOPMENT_SITE,
    },
    {
      log,
      events: testBus.bus,
      now: () => now ?? new Date(),
      dispatcher: { pollMs: options.dispatcherPollMs ?? 50, retryDelaysMs: [10, 20, 40] },
    },
  );
  const database = createDatabase<MailerDatabase>({ url: schema.url, schema: schema.schema, poolSize: 2 });
  const inboxHas = (eventId: string) =>
    database.db.selectFrom("inbox").select("event_id").where("event_id", "=", eventId).executeTakeFirst();

  const harness: MailerUnderTest = {
    app,
    smtp,
    database,
    testBus,
    setNow(next) {
      now = next;
    },
    async deliver(name, data) {
      const event = await testBus.bus.publish(name, data, { correlationId: "test" });
      await eventually(() => inboxHas(event.id));
    },
    async registered(input = {}) {
      const userId = randomUUID();
      const email = `${userId.slice(0, 8)}@example.com`;
      await harness.deliver("user.registered", {
        userId,
        email,
        fullName: input.fullName ?? null,
        passwordless: input.passwordless ?? false,
        selectedChannels: [],
      });
      return { userId, email };
    },
    async mailTo(to) {
      await harness.settle();
      const raw = smtp.messages
        .filter((message) => message.envelope.to.includes(to))
        .map((message) => message.raw);
      return Promise.all(raw.map((source) => simpleParser(source)));
    },
    async settle() {
      await eventually(async () => {
        await app.deliverDue();
        const open = await database.db
          .selectFrom("messages")
          .select("id")
          .where((eb) =>
            eb.or([
              eb("status", "=", "sending"),
              eb.and([eb("status", "=", "pending"), eb("next_attempt_at", "<=", now ?? new Date())]),
            ]),
          )
          .executeTakeFirst();
        return open ? undefined : true;
      });
    },
    logged(message) {
      return logLines.filter((line) => line.msg === message);
    },
    async published<Name extends EventName>(name: Name) {
      const rows = await database.db
        .selectFrom("outbox")
        .select("event")
        .where("event_name", "=", name)
        .execute();
      return rows.map(
        (row) => (typeof row.event === "string" ? JSON.parse(row.event) : row.event) as EventEnvelope<Name>,
      );
    },
    async stop() {
      await testBus.bus.close();
      await app.close();
      await testBus.cleanup();
      await database.close();
      await smtp.close();
      await schema.drop();
    },
  };
  return harness;
}

/** Every http(s) link of a message's HTML. */
export const linksOf = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1] ?? "");
