import { randomUUID } from "node:crypto";
import net from "node:net";
import { type AnyEvent, createEvent } from "@tubedigest/contracts";
import { createDatabase } from "@tubedigest/db";
import { createServiceApp, type ServiceApp } from "@tubedigest/http";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createInProcessBus,
  type EventBus,
  handleOnce,
  measureEventBus,
  writeToOutbox,
} from "../src/index.ts";
import { type BusFixture, busImplementations, silentLog } from "./support/bus-fixtures.ts";
import { relayUntilUnsent } from "./support/relay-once.ts";
import { sampleValue } from "./support/scraped-samples.ts";
import { createTestDatabase, type TestDatabase } from "./support/test-database.ts";
import { waitFor } from "./support/wait-for.ts";

function userUpdated(label: string): AnyEvent {
  return createEvent(
    "user.updated",
    { userId: randomUUID(), email: `${label}@example.com`, fullName: label },
    { correlationId: `req-${label}` },
  );
}

function measuredApp(service: string, events: EventBus, database: TestDatabase): ServiceApp {
  const app = createServiceApp({ name: service, logLevel: "silent" });
  measureEventBus(app, { service, events, db: database.db });
  return app;
}

const scrape = async (app: ServiceApp) => (await app.inject("/metrics")).body;

describe("the bus's metrics: the outbox (real Postgres)", () => {
  let database: TestDatabase;
  let bus: EventBus;
  let app: ServiceApp;

  beforeEach(async () => {
    database = await createTestDatabase();
    bus = createInProcessBus({ log: silentLog });
    app = measuredApp("outboxer", bus, database);
  });

  afterEach(async () => {
    await app.close();
    await bus.close();
    await database.close();
  });

  it("count what waits unrelayed and its oldest age, back to 0 once relayed", async () => {
    expect(sampleValue(await scrape(app), "bus_outbox_pending")).toBe(0);
    expect(sampleValue(await scrape(app), "bus_outbox_oldest_age_seconds")).toBe(0);
    await database.db.transaction().execute(async (trx) => {
      for (const label of ["a", "b", "c"]) await writeToOutbox(trx, userUpdated(label));
    });
    // Written an hour ago, as by a relay that has been down since.
    await sql`update outbox set created_at = now() - interval '1 hour' where id = (select min(id) from outbox)`.execute(
      database.db,
    );
    const backlog = await scrape(app);
    expect(sampleValue(backlog, "bus_outbox_pending")).toBe(3);
    expect(sampleValue(backlog, "bus_outbox_oldest_age_seconds")).toBeGreaterThanOrEqual(3_600);
    await relayUntilUnsent(database, 0, "the outbox relayed");
    const relayed = await scrape(app);
    expect(sampleValue(relayed, "bus_outbox_pending")).toBe(0);
    expect(sampleValue(relayed, "bus_outbox_oldest_age_seconds")).toBe(0);
  });

  it("answer a scrape within their bound when the database never answers, sharing one reading", async () => {
    // Accepts connections and never says a word, as a database behind a dead network does.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    const unanswered = createDatabase<unknown>({
      url: `postgres://postgres@127.0.0.1:${port}/nowhere`,
      schema: database.schema,
    });
    const stranded = createServiceApp({ name: "stranded", logLevel: "silent" });
    measureEventBus(stranded, { service: "stranded", events: bus, db: unanswered.db });
    try {
      const started = Date.now();
      for (const _ of [1, 2, 3]) {
        const text = await scrape(stranded);
        expect(sampleValue(text, "bus_outbox_pending")).toBe(0);
        expect(text).toContain("# TYPE bus_events_handled_total counter");
      }
      // Three scrapes share the one reading still waiting: none starts another or waits out its own.
      expect(Date.now() - started).toBeLessThan(9_000);
      expect(sockets.size).toBe(1);
    } finally {
      for (const socket of sockets) socket.destroy();
      await stranded.close();
      await unanswered.close().catch(() => {});
      silent.close();
    }
  });
});

for (const implementation of busImplementations) {
  describe(`the bus's metrics: deliveries on the ${implementation.name}`, () => {
    let database: TestDatabase;
    let fixture: BusFixture;
    let bus: EventBus;
    let service: string;
    let app: ServiceApp;

    beforeEach(async () => {
      database = await createTestDatabase();
      fixture = await implementation.setUp();
      bus = await fixture.createBus();
      service = fixture.serviceName();
      app = measuredApp(service, bus, database);
    });

    afterEach(async () => {
      await app.close();
      await fixture.cleanup();
      await database.close();
    });

    const handled = (text: string, queue: string, outcome: string) =>
      sampleValue(text, "bus_events_handled_total", { queue, event: "user.updated", outcome });

    it("count a retry then the success, and a poison event's retries, dead letter and queue depth", async () => {
      const failedOnce = new Set<string>();
      await bus.subscribe({
        service,
        queues: {
          flaky: {
            events: ["user.updated"],
            handlers: {
              "user.updated": async (event) => {
                if (failedOnce.has(event.id)) return;
                failedOnce.add(event.id);
                throw new Error("the first try fails");
              },
            },
          },
          poison: {
            events: ["user.updated"],
            handlers: {
              "user.updated": async () => {
                throw new Error("always fails");
              },
            },
          },
        },
      });
      const flaky = `${service}.flaky`;
      const poison = `${service}.poison`;
      expect(sampleValue(await scrape(app), "bus_dead_letter_messages", { queue: poison })).toBe(0);
      await bus.publishEvent(userUpdated("ada"));
      const text = await waitFor(
        () => scrape(app),
        (scraped) =>
          handled(scraped, flaky, "handled") === 1 &&
          handled(scraped, poison, "dead-lettered") === 1 &&
          // Read after the counters within a scrape: the letter may reach the queue in between.
          sampleValue(scraped, "bus_dead_letter_messages", { queue: poison }) === 1,
        { what: "the flaky queue handled and the poison queue dead-lettered" },
      );
      expect(handled(text, flaky, "retried")).toBe(1);
      expect(handled(text, flaky, "dead-lettered")).toBeUndefined();
      // The test retry policy tries three times: two retries, then the dead letter.
      expect(handled(text, poison, "retried")).toBe(2);
      expect(handled(text, poison, "handled")).toBeUndefined();
      expect(sampleValue(text, "bus_dead_letter_messages", { queue: flaky })).toBe(0);
    });

    it("count a redelivery the inbox drops as a duplicate, and another service's queues not at all", async () => {
      await bus.subscribe({
        service,
        queues: {
          profiles: {
            events: ["user.updated"],
            handlers: { "user.updated": handleOnce(database.db, async () => {}) },
          },
        },
      });
      const other = fixture.serviceName();
      await bus.subscribe({
        service: other,
        queues: { profiles: { events: ["user.updated"], handlers: { "user.updated": async () => {} } } },
      });
      const event = userUpdated("grace");
      await bus.publishEvent(event);
      await bus.publishEvent(event);
      const profiles = `${service}.profiles`;
      const text = await waitFor(
        () => scrape(app),
        (scraped) => handled(scraped, profiles, "duplicate") === 1,
        { what: "the repeat dropped" },
      );
      expect(handled(text, profiles, "handled")).toBe(1);
      expect(text).not.toContain(`queue="${other}.profiles"`);
    });
  });
}
