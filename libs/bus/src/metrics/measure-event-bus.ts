import { addCounter, addGauge, type ServiceApp } from "@tubedigest/http";
import type { Kysely } from "kysely";
import type { BusTables } from "../bus-tables.ts";
import type { EventBus } from "../event-bus.ts";
import { isQueueOf } from "../topology-names.ts";
import { boundedReading } from "./bounded-reading.ts";
import { readOutboxBacklog } from "./outbox-backlog.ts";

/**
 * How long a scrape waits for the database or the broker. Well inside Prometheus's scrape timeout, so a
 * peer that hangs costs the scrape these values (served as last read), never the whole scrape.
 */
const READ_TIMEOUT_MS = 2_000;

export interface MeasuredBus<DB> {
  /** The service measured: its queues are "<service>.<purpose>", told apart from others' on a shared bus. */
  service: string;
  events: EventBus;
  /** The service's database; its schema holds the outbox. */
  db: Kysely<DB>;
}

/**
 * Puts the service's side of the bus on its `/metrics`: its outbox backlog, what became of the deliveries
 * its queues handled, and how many dead letters wait in them. The backlog and the dead letters are read
 * at scrape time rather than by the relay or the consumers: the relay idles between wake-ups and sees
 * only the batch in hand, and nothing consumes a dead-letter queue.
 */
export function measureEventBus<DB>(app: ServiceApp, bus: MeasuredBus<DB>): void {
  const { service, events } = bus;
  const reading = { timeoutMs: READ_TIMEOUT_MS, log: app.log };
  const backlog = boundedReading(
    "the outbox backlog",
    () => readOutboxBacklog(bus.db as unknown as Kysely<BusTables>),
    reading,
  );
  addGauge(app, {
    name: "bus_outbox_pending",
    help: "Events written to the outbox and not yet published to the broker",
    collect: async (gauge) => {
      const read = await backlog();
      if (read) gauge.set(read.pending);
    },
  });
  addGauge(app, {
    name: "bus_outbox_oldest_age_seconds",
    help: "Age of the oldest event not yet published from the outbox; 0 when none waits",
    collect: async (gauge) => {
      const read = await backlog();
      if (read) gauge.set(read.oldestAgeSeconds);
    },
  });

  const handled = addCounter(app, {
    name: "bus_events_handled_total",
    help: "Deliveries by what became of them: handled, duplicate (dropped by the inbox), retried, dead-lettered",
    labelNames: ["queue", "event", "outcome"],
  });
  const stopCounting = events.onHandled(({ queue, event, outcome }) => {
    if (isQueueOf(service, queue)) handled.inc({ queue, event, outcome });
  });
  app.addHook("onClose", async () => {
    stopCounting();
  });

  const deadLetters = boundedReading(
    "the dead-letter queues' depths",
    () =>
      Promise.all(
        events
          .queues()
          .filter((queue) => isQueueOf(service, queue))
          .map(async (queue) => ({ queue, count: await events.deadLetters.count(queue) })),
      ),
    reading,
  );
  addGauge(app, {
    name: "bus_dead_letter_messages",
    help: "Messages waiting in a dead-letter queue of the service, for an operator to replay or drop",
    labelNames: ["queue"],
    collect: async (gauge) => {
      for (const { queue, count } of (await deadLetters()) ?? []) {
        if (count !== undefined) gauge.set({ queue }, count);
      }
    },
  });
}
