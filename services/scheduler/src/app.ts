import type { EventBus } from "@tubedigest/bus";
import { addCounter, createServiceApp, type ServiceApp } from "@tubedigest/http";
import type { Scheduler } from "@tubedigest/jobs";
import type { Logger } from "pino";
import type { SchedulerSettings } from "./config.ts";
import { announceSlot } from "./domain/announce-slot.ts";
import { productSchedules } from "./domain/product-schedules.ts";

/**
 * What the scheduler is handed rather than building: the process's logger, its event bus, and where the
 * schedules run (BullMQ on Redis, or timers in the embedded product). The caller closes both.
 */
export interface SchedulerDependencies {
  log: Logger;
  events: EventBus;
  scheduler: Scheduler;
  /** Answer only at localhost, 127.0.0.1 or [::1]: the embedded product's loopback ports in development. */
  loopbackOnly?: boolean;
}

/**
 * Builds the scheduler service: it fires the product's schedules (digest slots, upload checks) and
 * announces each slot on the bus. It has no database and serves only health, readiness and metrics.
 */
export async function buildSchedulerApp(
  settings: SchedulerSettings,
  dependencies: SchedulerDependencies,
): Promise<ServiceApp> {
  const { events, scheduler } = dependencies;
  const app = createServiceApp({
    name: "scheduler",
    logger: dependencies.log,
    loopbackOnly: dependencies.loopbackOnly,
    // Nothing routes requests to it, so readiness only says whether it can do its work: both are needed.
    readiness: {
      essential: {
        schedules: async () => scheduler.isConnected(),
        broker: async () => events.isConnected(),
      },
    },
  });
  const fires = addCounter(app, {
    name: "scheduler_slots_total",
    help: "Slots fired, by schedule and by whether their event was published (a failed one is retried)",
    labelNames: ["schedule", "outcome"],
  });

  const schedules = productSchedules(settings);
  await scheduler.start(schedules, async (scheduleId, slot) => {
    const schedule = schedules.find((candidate) => candidate.id === scheduleId);
    // A schedule this version does not know (another version's, during a rollout) announces nothing.
    if (!schedule)
      return app.log.warn({ schedule: scheduleId }, "fired a schedule this version does not know");
    try {
      await announceSlot(events, schedule, slot);
      fires.inc({ schedule: scheduleId, outcome: "published" });
    } catch (error) {
      fires.inc({ schedule: scheduleId, outcome: "failed" });
      throw error;
    }
  });
  app.log.info(
    { schedules: schedules.map(({ id, pattern, timeZone }) => ({ id, pattern, timeZone })) },
    "schedules started",
  );
  return app;
}
