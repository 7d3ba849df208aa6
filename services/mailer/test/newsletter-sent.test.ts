import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { busMigrations, writeToOutbox } from "@tubedigest/bus";
import { createDatabase, type Database, migrateToLatest } from "@tubedigest/db";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { sql } from "kysely";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileTransport } from "../src/adapters/mail-transport/file-transport.ts";
import { announceSentNewsletters } from "../src/domain/announce-sent-newsletters.ts";
import { startDispatcher } from "../src/domain/dispatcher.ts";
import type { MailerDatabase } from "../src/store/database.ts";
import { MessageRepository, type NewMessage } from "../src/store/message-repository.ts";
import { migrations } from "../src/store/migrations/index.ts";

const { "20261129T0900-message-newsletter-id": _newsletterId, ...earlierMigrations } = migrations;

describe("newsletter.sent, raised for the messages queued as a newsletter's delivery (real Postgres)", () => {
  let database: Database<MailerDatabase>;
  let drop: () => Promise<void>;
  let folder: string;
  const legacy = { newsletterId: randomUUID(), userId: randomUUID() };

  beforeAll(async () => {
    const schema = await createTestSchema("mailer");
    drop = schema.drop;
    database = createDatabase<MailerDatabase>({ url: schema.url, schema: schema.schema, poolSize: 4 });
    await migrateToLatest(database.db, database.schema, { ...busMigrations, ...earlierMigrations });
    // A digest queued before messages said which newsletter they deliver: its id was in its key alone.
    await sql`
      insert into messages (id, natural_key, template, recipient, user_id, subject, html, text, status, message_id)
      values (${randomUUID()}, ${`newsletter:${legacy.newsletterId}`}, 'digest', 'legacy@example.com',
        ${legacy.userId}, 'Your week', '<p>week</p>', 'week', 'pending', ${`<${randomUUID()}@test>`})
    `.execute(database.db);
    await migrateToLatest(database.db, database.schema, { ...busMigrations, ...migrations });
    folder = await mkdtemp(path.join(tmpdir(), "newsletter-sent-"));
  });
  afterAll(async () => {
    await database.close();
    await drop();
    await rm(folder, { recursive: true, force: true });
  });

  const message = (overrides: Partial<NewMessage>): NewMessage => ({
    naturalKey: `test:${randomUUID()}`,
    template: "digest",
    recipient: `${randomUUID().slice(0, 8)}@example.com`,
    userId: randomUUID(),
    subject: "Your week",
    html: "<p>week</p>",
    text: "week",
    headers: {},
    ...overrides,
  });

  const announced = async () => {
    const rows = await database.db
      .selectFrom("outbox")
      .select("event")
      .where("event_name", "=", "newsletter.sent")
      .execute();
    return rows.map((row) => (row.event as { data: Record<string, string> }).data);
  };

  it("announces each newsletter once it is sent, one queued before the column included, and nothing else", async () => {
    const fresh = { newsletterId: randomUUID(), userId: randomUUID() };
    const messages = new MessageRepository(database.db, "test");
    await messages.enqueue(message({ naturalKey: `newsletter:${fresh.newsletterId}`, ...fresh }));
    // A key that looks like a newsletter's says nothing: only what the message was queued as counts.
    await messages.enqueue(message({ naturalKey: `newsletter:${randomUUID()}` }));
    await messages.enqueue(message({ template: "welcome" }));

    const dispatcher = startDispatcher({
      db: database.db,
      transport: createFileTransport({ folder }),
      from: "tubedigest <digest@tubedigest.test>",
      log: pino({ level: "silent" }),
      pollMs: 20,
      onSent: (trx, sent) => announceSentNewsletters(writeToOutbox, trx, sent),
    });
    try {
      await dispatcher.drain();
      await dispatcher.drain();
    } finally {
      await dispatcher.stop();
    }

    const statuses = await database.db.selectFrom("messages").select("status").execute();
    expect(statuses.map((row) => row.status)).toEqual(["sent", "sent", "sent", "sent"]);
    const events = await announced();
    expect(events).toHaveLength(2);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ newsletterId: legacy.newsletterId, userId: legacy.userId }),
        expect.objectContaining({ newsletterId: fresh.newsletterId, userId: fresh.userId }),
      ]),
    );
  });
});
