import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { busMigrations, writeToOutbox } from "@tubedigest/bus";
import { createDatabase, type Database, migrateToLatest } from "@tubedigest/db";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import {
  InsertQueryNode,
  type KyselyPlugin,
  type RootOperationNode,
  SelectQueryNode,
  TableNode,
  UpdateQueryNode,
} from "kysely";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFileTransport } from "../src/adapters/mail-transport/file-transport.ts";
import { announceSentNewsletters } from "../src/domain/announce-sent-newsletters.ts";
import { startDispatcher } from "../src/domain/dispatcher.ts";
import type { MailerDatabase } from "../src/store/database.ts";
import { MessageRepository } from "../src/store/message-repository.ts";
import { migrations } from "../src/store/migrations/index.ts";
import { SuppressionRepository } from "../src/store/suppression-repository.ts";

/** Counts the statements run, by kind and table (`update messages`, `select suppressions`…). */
function statementCounter() {
  const counts = new Map<string, number>();
  const tableOf = (node: RootOperationNode): string => {
    const table = UpdateQueryNode.is(node)
      ? node.table
      : SelectQueryNode.is(node)
        ? node.from?.froms[0]
        : InsertQueryNode.is(node)
          ? node.into
          : undefined;
    return table && TableNode.is(table) ? table.table.identifier.name : "";
  };
  const plugin: KyselyPlugin = {
    transformQuery({ node }) {
      const key = `${node.kind.replace("QueryNode", "").toLowerCase()} ${tableOf(node)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  return { plugin, count: (key: string) => counts.get(key) ?? 0 };
}

describe("a leased batch's sends, recorded together (real Postgres)", () => {
  let database: Database<MailerDatabase>;
  let drop: () => Promise<void>;
  let folder: string;

  beforeAll(async () => {
    const schema = await createTestSchema("mailer");
    drop = schema.drop;
    database = createDatabase<MailerDatabase>({ url: schema.url, schema: schema.schema, poolSize: 4 });
    await migrateToLatest(database.db, database.schema, { ...busMigrations, ...migrations });
    folder = await mkdtemp(path.join(tmpdir(), "delivery-batches-"));
  });
  afterAll(async () => {
    await database.close();
    await drop();
    await rm(folder, { recursive: true, force: true });
  });

  it("looks up a batch's suppressions and records its sends in one statement each, each newsletter announced once", async () => {
    const messages = new MessageRepository(database.db, "test");
    const newsletters = Array.from({ length: 20 }, () => ({
      newsletterId: randomUUID(),
      userId: randomUUID(),
    }));
    for (const [index, newsletter] of newsletters.entries()) {
      await messages.enqueue({
        naturalKey: `newsletter:${newsletter.newsletterId}`,
        template: "digest",
        recipient: `reader-${index}@example.com`,
        userId: newsletter.userId,
        newsletterId: newsletter.newsletterId,
        subject: "Your week",
        html: "<p>week</p>",
        text: "week",
        headers: {},
      });
    }
    // One reader of the batch bounced for good once: nothing goes to them, nor is announced.
    await new SuppressionRepository(database.db).suppress("Reader-7@example.com", "550 no such user");
    const statements = statementCounter();
    const dispatcher = startDispatcher({
      db: database.db.withPlugin(statements.plugin),
      transport: createFileTransport({ folder }),
      from: "tubedigest <digest@tubedigest.test>",
      log: pino({ level: "silent" }),
      pollMs: 20,
      batchSize: 20,
      concurrency: 5,
      onSent: (trx, sent) => announceSentNewsletters(writeToOutbox, trx, sent),
    });
    try {
      await dispatcher.drain();
    } finally {
      await dispatcher.stop();
    }

    const rows = await database.db.selectFrom("messages").select(["recipient", "status"]).execute();
    expect(rows.filter((row) => row.status === "sent")).toHaveLength(19);
    expect(rows.find((row) => row.recipient === "reader-7@example.com")?.status).toBe("suppressed");
    const announced = await database.db
      .selectFrom("outbox")
      .select("event")
      .where("event_name", "=", "newsletter.sent")
      .execute();
    const ids = announced.map((row) => (row.event as { data: { newsletterId: string } }).data.newsletterId);
    expect(ids.sort()).toEqual(
      newsletters
        .filter((_, index) => index !== 7)
        .map((newsletter) => newsletter.newsletterId)
        .sort(),
    );
    // One look at the suppressions for the batch; its 19 sends marked in one statement, their events in
    // one; the suppressed message's own end is a statement of its own.
    expect(statements.count("select suppressions")).toBe(1);
    expect(statements.count("insert outbox")).toBe(1);
    // Two looks at the queue (the batch's lease, then one finding nothing), the 19 marks together, and the
    // suppressed one's end.
    expect(statements.count("update messages")).toBe(4);
  });
});
