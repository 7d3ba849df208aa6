import { createDatabase } from "@tubedigest/db";
import { eventually } from "@tubedigest/testing/eventually";
import { startTcpProxy } from "@tubedigest/testing/tcp-proxy";
import { testInfra } from "@tubedigest/testing/test-infra";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MailerDatabase } from "../src/store/database.ts";
import { type DeliveryUnderTest, startDelivery } from "./support/delivery-harness.ts";

describe("the dispatcher, over the real Postgres, nodemailer's pool and a real SMTP server", () => {
  let delivery: DeliveryUnderTest;
  beforeEach(async () => {
    delivery = await startDelivery();
  });
  afterEach(async () => {
    await delivery.stop();
  });

  /** Every queued message reached the server exactly once, under its own Message-ID. */
  async function expectEachSentOnce(count: number) {
    expect(await delivery.statusCounts()).toEqual({ sent: count });
    const ids = await delivery.database.db.selectFrom("messages").select("message_id").execute();
    const accepted = delivery.acceptedPerMessageId();
    expect(accepted.size).toBe(count);
    expect([...accepted.values()].filter((times) => times !== 1)).toEqual([]);
    expect(ids.every((row) => accepted.get(row.message_id) === 1)).toBe(true);
  }

  it("delivers each of 500 messages exactly once while the server refuses 30 % of attempts for now", async () => {
    delivery.smtp.failRandomly({ kind: "refuse", code: 451 }, 0.3, 42);
    await delivery.enqueueMany(500);
    // 30 attempts: a message refused that often by chance would take longer than the suite has.
    const dispatcher = delivery.startDispatcher({ maxAttempts: 30 });
    await delivery.settle(dispatcher);

    await expectEachSentOnce(500);
    const refused = delivery.smtp.attempts - delivery.smtp.accepted;
    expect(refused).toBeGreaterThan(100);
    const attempts = await delivery.database.db
      .selectFrom("messages")
      .select((eb) => eb.fn.sum<string>("attempts").as("total"))
      .executeTakeFirstOrThrow();
    expect(Number(attempts.total)).toBe(delivery.smtp.attempts);
  });

  it("fails a message the server refuses for good, suppresses the address, and sends it nothing more", async () => {
    delivery.smtp.rejectRecipient("gone@example.com", 550);
    const dispatcher = delivery.startDispatcher();
    await delivery.enqueue({ naturalKey: "first", recipient: "gone@example.com" });
    await delivery.settle(dispatcher);

    const first = await delivery.database.db
      .selectFrom("messages")
      .selectAll()
      .where("natural_key", "=", "first")
      .executeTakeFirstOrThrow();
    expect(first).toMatchObject({ status: "failed", attempts: 1 });
    expect(first.last_error).toMatch(/550/);
    const suppression = await delivery.database.db.selectFrom("suppressions").selectAll().execute();
    expect(suppression).toMatchObject([{ email: "gone@example.com" }]);

    await delivery.enqueue({ naturalKey: "later", recipient: "Gone@Example.com" });
    await delivery.enqueue({ naturalKey: "other", recipient: "here@example.com" });
    dispatcher.wake();
    await delivery.settle(dispatcher);
    expect(await delivery.statusCounts()).toEqual({ failed: 1, suppressed: 1, sent: 1 });
    expect(delivery.smtp.attemptsTo("gone@example.com")).toBe(1);
  });

  it("queues one message for a natural key however often it is asked for", async () => {
    expect(await delivery.enqueue({ naturalKey: "welcome:ann" })).toBe(true);
    expect(await delivery.enqueue({ naturalKey: "welcome:ann", subject: "Again" })).toBe(false);
    await delivery.settle(delivery.startDispatcher());
    await expectEachSentOnce(1);
    expect(delivery.smtp.messages[0]?.raw).toMatch(/^Subject: Welcome$/m);
  });

  it("stops mid-batch with nothing left half done, and a new dispatcher sends the rest, none twice", async () => {
    // Replies take a moment, so the stop lands among a batch's sends.
    delivery.smtp.fail({ kind: "slow", delayMs: 10 });
    await delivery.enqueueMany(300);
    const first = delivery.startDispatcher();
    await eventually(() => (delivery.smtp.accepted >= 100 ? true : undefined));
    await first.stop();

    const afterStop = delivery.smtp.accepted;
    expect(afterStop).toBeLessThan(300);
    const counts = await delivery.statusCounts();
    expect(counts.sending).toBeUndefined();
    expect(counts.sent).toBe(afterStop);

    await delivery.settle(delivery.startDispatcher());
    await expectEachSentOnce(300);
  });

  it("sends again a message whose connection dropped before the server answered", async () => {
    delivery.smtp.fail({ kind: "drop" }, 1);
    await delivery.enqueue({ naturalKey: "dropped" });
    await delivery.settle(delivery.startDispatcher());

    await expectEachSentOnce(1);
    const row = await delivery.database.db.selectFrom("messages").selectAll().executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
    expect(row.last_error).toMatch(/connection/i);
    expect(delivery.smtp.attempts).toBe(2);
  });

  it("shares the queue between two dispatchers without sending anything twice", async () => {
    delivery.smtp.fail({ kind: "slow", delayMs: 2 });
    await delivery.enqueueMany(300);
    const one = delivery.startDispatcher({ user: "one", batchSize: 10 });
    const two = delivery.startDispatcher({ user: "two", batchSize: 10 });
    await delivery.settle(one, two);

    await expectEachSentOnce(300);
    const byDispatcher = new Set(delivery.smtp.messages.map((message) => message.user));
    expect(byDispatcher).toEqual(new Set(["one", "two"]));
  });

  it("logs a database it cannot reach, and goes on once it can", async () => {
    const postgres = new URL(testInfra.postgresUrl);
    const proxy = await startTcpProxy({ host: postgres.hostname, port: Number(postgres.port || 5432) });
    // Refused from the first connection: the dispatcher's database is away before it ever answered.
    proxy.refuseConnections();
    const away = createDatabase<MailerDatabase>({
      url: proxy.urlThrough(testInfra.postgresUrl),
      schema: delivery.database.schema,
      poolSize: 4,
    });
    const errors: string[] = [];
    const log = {
      debug() {},
      info() {},
      warn() {},
      error: (_: object, message: string) => errors.push(message),
    };
    try {
      const dispatcher = delivery.startDispatcher({ db: away.db, log });
      await eventually(() => (errors.length > 0 ? true : undefined));
      expect(errors[0]).toMatch(/cannot lease/);

      proxy.acceptConnections();
      await delivery.enqueue({ naturalKey: "after the outage" });
      await delivery.settle(dispatcher);
      await expectEachSentOnce(1);
      await dispatcher.stop();
    } finally {
      await away.close();
      await proxy.close();
    }
  });

  it("sends a message queued for later when it falls due, without waiting for its next poll", async () => {
    // A poll longer than the test: the message is sent because the dispatcher waited for its due time.
    const dispatcher = delivery.startDispatcher({ pollMs: 600_000 });
    await dispatcher.drain();
    const dueAt = new Date(Date.now() + 700);
    await delivery.enqueue({ naturalKey: "later", dueAt });
    dispatcher.wake();
    await eventually(() => (delivery.smtp.accepted >= 1 ? true : undefined), 5_000);
    const sentAt = Date.now();
    expect(sentAt).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(sentAt - dueAt.getTime()).toBeLessThan(2_000);
    // The server accepts the message a moment before the dispatcher records it sent.
    await eventually(async () => ((await delivery.statusCounts()).sent === 1 ? true : undefined));
    await expectEachSentOnce(1);
  });

  it("tries a message again soon when the look before sending fails, instead of holding it for its lease", async () => {
    let looks = 0;
    const dispatcher = delivery.startDispatcher({
      // A lease longer than the test: the message is sent because the failed look handed it back.
      leaseMs: 600_000,
      async review(message) {
        looks += 1;
        if (looks === 1) throw new Error("sorry, too many clients already");
        return { send: message };
      },
    });
    await delivery.enqueue({ naturalKey: "reviewed" });
    await delivery.settle(dispatcher);

    await expectEachSentOnce(1);
    const row = await delivery.database.db
      .selectFrom("messages")
      .select(["attempts", "last_error"])
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(2);
    expect(row.last_error).toMatch(/could not review the message before sending it: sorry, too many clients/);
    expect(looks).toBe(2);
  });
});
