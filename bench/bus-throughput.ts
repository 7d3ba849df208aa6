/**
 * End-to-end throughput of the event bus on real RabbitMQ + Postgres: events are written to the outbox
 * (in transactions of --batch), the relay publishes them with publisher confirms, and a consumer
 * handles each in a transaction with its inbox row and one effect row. The clock runs from the first
 * outbox write to the last effect committed.
 *
 *   npx tsx bench/bus-throughput.ts [--events 10000] [--batch 100] [--prefetch 32]
 *     [--postgres-url postgres://postgres@127.0.0.1:5432/postgres] [--amqp-url amqp://guest:guest@127.0.0.1:5672]
 *
 * Everything it creates (a schema, an exchange, queues) is named bench_* and removed afterwards.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { parseArgs } from "node:util";
import {
  busMigrations,
  createRabbitMqBus,
  deadLetterExchangeName,
  deadLetterQueueName,
  defaultRetryPolicy,
  handleOnce,
  retryQueueName,
  startOutboxRelay,
  writeToOutbox,
} from "@tubedigest/bus";
import { type AnyEvent, createEvent } from "@tubedigest/contracts";
import { createDatabase, migrateToLatest } from "@tubedigest/db";
import amqp from "amqplib";
import { type Generated, type Kysely, sql } from "kysely";
import { pino } from "pino";

const { values } = parseArgs({
  options: {
    events: { type: "string", default: "10000" },
    batch: { type: "string", default: "100" },
    prefetch: { type: "string", default: "32" },
    "postgres-url": { type: "string", default: "postgres://postgres@127.0.0.1:5432/postgres" },
    "amqp-url": { type: "string", default: "amqp://guest:guest@127.0.0.1:5672" },
  },
});
const eventCount = Number(values.events);
const batchSize = Number(values.batch);
const prefetch = Number(values.prefetch);
const postgresUrl = values["postgres-url"];
const amqpUrl = values["amqp-url"];

interface BenchTables {
  effects: { id: Generated<number>; event_id: string };
}

const suffix = randomBytes(4).toString("hex");
const schema = `bench_${suffix}`;
const exchange = `bench_${suffix}.events`;
const service = `bench-${suffix}`;
const queue = `${service}.throughput`;
const log = pino({ level: "warn" }, pino.destination(2));

const database = createDatabase<BenchTables>({ url: postgresUrl, schema, poolSize: 40 });
const db = database.db;
await migrateToLatest(db as Kysely<unknown>, schema, {
  ...busMigrations,
  "20261122T0400-bench-effects": {
    async up(migrationDb) {
      await migrationDb.schema
        .createTable("effects")
        .addColumn("id", "integer", (column) => column.primaryKey().generatedAlwaysAsIdentity())
        .addColumn("event_id", "uuid", (column) => column.notNull())
        .execute();
    },
  },
});

const consumer = await createRabbitMqBus({ url: amqpUrl, exchange, log, prefetch });
await consumer.subscribe({
  service,
  queues: {
    throughput: {
      events: ["user.updated"],
      handlers: {
        "user.updated": handleOnce(db, async (event, { trx }) => {
          await trx.insertInto("effects").values({ event_id: event.id }).execute();
        }),
      },
    },
  },
});
const publisher = await createRabbitMqBus({ url: amqpUrl, exchange, log });

async function countEffects(): Promise<number> {
  const row = await db
    .selectFrom("effects")
    .select(sql<string>`count(*)`.as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function countUnsent(): Promise<number> {
  const row = await sql<{ count: string }>`select count(*) from outbox where sent_at is null`.execute(db);
  return Number(row.rows[0]?.count);
}

const started = performance.now();
const relay = startOutboxRelay({ db, publisher, log, pollIntervalMs: 10 });
let writtenAt = 0;
let drainedAt = 0;
const writing = (async () => {
  for (let written = 0; written < eventCount; written += batchSize) {
    const events: AnyEvent[] = [];
    for (let index = written; index < Math.min(eventCount, written + batchSize); index++) {
      const data = { userId: randomUUID(), email: `user${index}@example.com`, fullName: `User ${index}` };
      events.push(createEvent("user.updated", data, { correlationId: `bench-${index}` }));
    }
    await db.transaction().execute((trx) => writeToOutbox(trx, ...events));
  }
  writtenAt = performance.now();
})();

let effects = 0;
while (effects < eventCount) {
  await new Promise((resolve) => setTimeout(resolve, 20));
  if (!drainedAt && writtenAt && (await countUnsent()) === 0) drainedAt = performance.now();
  effects = await countEffects();
}
const finished = performance.now();
await writing;
if (!drainedAt) drainedAt = finished;

await relay.stop();
await Promise.all([consumer.close(), publisher.close()]);
const seconds = (ms: number) => (ms - started) / 1000;
const rate = (ms: number) => Math.round(eventCount / seconds(ms));
process.stdout.write(
  [
    `events: ${eventCount}, outbox transaction size: ${batchSize}, consumer prefetch: ${prefetch}`,
    `written to the outbox:   ${seconds(writtenAt).toFixed(2)} s  (${rate(writtenAt)} events/s)`,
    `published (confirmed):   ${seconds(drainedAt).toFixed(2)} s  (${rate(drainedAt)} events/s)`,
    `consumed end to end:     ${seconds(finished).toFixed(2)} s  (${rate(finished)} events/s)`,
    `effects: ${effects} (duplicates: ${effects - eventCount})`,
    "",
  ].join("\n"),
);

// Leave nothing behind.
await database.close();
const cleanup = createDatabase({ url: postgresUrl, schema: "public" });
await sql`drop schema ${sql.id(schema)} cascade`.execute(cleanup.db);
await cleanup.close();
const connection = await amqp.connect(amqpUrl);
const channel = await connection.createChannel();
for (const name of [
  queue,
  deadLetterQueueName(queue),
  ...defaultRetryPolicy.delaysMs.map((d) => retryQueueName(queue, d)),
]) {
  await channel.deleteQueue(name);
}
await channel.deleteExchange(exchange);
await channel.deleteExchange(deadLetterExchangeName(exchange));
await connection.close();
