/**
 * The mailer's delivery into a local SMTP sink: N rendered digests queued in the real Postgres, then
 * sent by the dispatcher through nodemailer's SMTP pool to an in-process SMTP server that accepts
 * everything. Prints messages per second from the first lease to the last confirmation, and checks
 * every message was accepted exactly once.
 *
 *   npx tsx bench/mail-delivery.ts [--messages 2000] [--connections 5] [--batch 50]
 */
import { randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import { busMigrations } from "@tubedigest/bus";
import { createDatabase, migrateToLatest } from "@tubedigest/db";
import { startFakeSmtpServer } from "@tubedigest/testing/smtp";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { pino } from "pino";
import { createSmtpTransport } from "../services/mailer/src/adapters/mail-transport/smtp-transport.ts";
import { startDispatcher } from "../services/mailer/src/domain/dispatcher.ts";
import type { MailerDatabase } from "../services/mailer/src/store/database.ts";
import { MessageRepository } from "../services/mailer/src/store/message-repository.ts";
import { migrations } from "../services/mailer/src/store/migrations/index.ts";
import { compileTemplates } from "../services/mailer/src/templates/compile-templates.ts";
import { SAMPLE_SITE, sampleDigest } from "../services/mailer/src/templates/sample-template-data.ts";

const { values } = parseArgs({
  options: {
    messages: { type: "string", default: "2000" },
    connections: { type: "string", default: "5" },
    batch: { type: "string", default: "50" },
  },
});
const count = Number(values.messages);
const connections = Number(values.connections);

const schema = await createTestSchema("mailbench");
const database = createDatabase<MailerDatabase>({ url: schema.url, schema: schema.schema, poolSize: 10 });
const smtp = await startFakeSmtpServer();
try {
  await migrateToLatest(database.db, database.schema, { ...busMigrations, ...migrations });
  const templates = await compileTemplates(SAMPLE_SITE);
  // A typical digest: 5 channels, 2 videos each.
  const digest = templates.render("digest", sampleDigest(5, 2));
  for (let start = 0; start < count; start += 500) {
    await database.db.transaction().execute(async (trx) => {
      const repository = new MessageRepository(trx);
      for (let index = start; index < Math.min(count, start + 500); index++) {
        await repository.enqueue({
          naturalKey: `bench:${randomUUID()}`,
          template: "digest",
          recipient: `reader${index}@example.com`,
          userId: null,
          subject: digest.subject,
          html: digest.html,
          text: digest.text,
          headers: { "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
        });
      }
    });
  }
  const transport = createSmtpTransport({ url: smtp.url, maxConnections: connections });
  const started = performance.now();
  const dispatcher = startDispatcher({
    db: database.db,
    transport,
    from: "tubedigest <digest@tubedigest.test>",
    log: pino({ level: "silent" }),
    batchSize: Number(values.batch),
    concurrency: connections,
    pollMs: 20,
  });
  while (smtp.accepted < count) await new Promise((resolve) => setTimeout(resolve, 20));
  await dispatcher.drain();
  const seconds = (performance.now() - started) / 1000;
  await dispatcher.stop();
  await transport.close();
  const ids = new Set(smtp.messages.map((message) => message.messageId));
  console.error(
    `${count} digests of ${(Buffer.byteLength(digest.html) / 1024).toFixed(1)} KB HTML, ${connections} SMTP connections: ` +
      `${seconds.toFixed(2)} s, ${(count / seconds).toFixed(0)} messages/s; accepted ${smtp.accepted}, distinct Message-IDs ${ids.size}`,
  );
} finally {
  await smtp.close();
  await database.close();
  await schema.drop();
}
