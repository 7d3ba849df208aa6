import { randomUUID } from "node:crypto";
import { createEvent, type EventName } from "@tubedigest/contracts";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { forgetAccount, handleOnce, isForgotten, writeToOutbox } from "../src/index.ts";
import { silentLog } from "./support/bus-fixtures.ts";
import { relayUntilUnsent } from "./support/relay-once.ts";
import { createTestDatabase, type TestDatabase, type TestTables } from "./support/test-database.ts";

const updated = (userId: string, label: string) =>
  createEvent(
    "user.updated",
    { userId, email: `${label}@example.com`, fullName: label },
    { correlationId: label },
  );

describe("an erased account in a service's schema", () => {
  let database: TestDatabase;

  beforeEach(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await database.close();
  });

  /** A handler that records one effect per event it acts on. */
  const recording = <Name extends EventName>() =>
    handleOnce<TestTables, Name>(database.db, async (event, { trx }) => {
      await trx.insertInto("effects").values({ event_id: event.id, label: event.name }).execute();
    });
  const context = (queue: string) => ({ log: silentLog, attempt: 1, queue });
  const outboxMentioning = async (text: string) =>
    Number(
      (
        await sql<{
          n: string;
        }>`select count(*) as n from outbox where event::text like ${`%${text}%`}`.execute(database.db)
      ).rows[0]?.n,
    );

  it("is remembered by a hash only, loses its outbox rows, and later events about it are dropped", async () => {
    const gone = randomUUID();
    const other = randomUUID();
    await database.db.transaction().execute(async (trx) => {
      await writeToOutbox(trx, updated(gone, "before"), updated(other, "other"));
    });
    await database.db.transaction().execute(async (trx) => {
      await forgetAccount(trx, gone);
      await forgetAccount(trx, gone);
    });
    expect(await outboxMentioning(gone)).toBe(0);
    expect(await outboxMentioning(other)).toBe(1);
    const remembered = await database.db.selectFrom("erased_accounts").selectAll().execute();
    expect(remembered).toHaveLength(1);
    expect(JSON.stringify(remembered)).not.toContain(gone);
    expect(await isForgotten(database.db, gone)).toBe(true);
    expect(await isForgotten(database.db, other)).toBe(false);

    // Sent before the erasure, delivered after: acknowledged and dropped. Another account's goes on.
    await recording<"user.updated">()(updated(gone, "late"), context("svc.profiles"));
    await recording<"user.updated">()(updated(other, "later"), context("svc.profiles"));
    // The erasure itself is still acted on (a second service's queue, or a redelivery before its effect).
    await recording<"user.deleted">()(
      createEvent("user.deleted", { userId: gone, email: "gone@example.com" }, { correlationId: "d" }),
      context("svc.erasure"),
    );
    const effects = await database.db.selectFrom("effects").select("label").orderBy("id").execute();
    expect(effects.map((row) => row.label)).toEqual(["user.updated", "user.deleted"]);
  });

  it("forgets a user.deleted row once the broker confirmed it, and keeps other sent rows", async () => {
    const userId = randomUUID();
    await database.db.transaction().execute(async (trx) => {
      await writeToOutbox(
        trx,
        updated(randomUUID(), "kept"),
        createEvent("user.deleted", { userId, email: "gone@example.com" }, { correlationId: "d" }),
      );
    });
    await relayUntilUnsent(database, 0, "an empty outbox");
    const rows = await database.db.selectFrom("outbox").select(["event_name", "sent_at"]).execute();
    expect(rows.map((row) => row.event_name)).toEqual(["user.updated"]);
    expect(rows[0]?.sent_at).toBeInstanceOf(Date);
    expect(await outboxMentioning("gone@example.com")).toBe(0);
  });
});
