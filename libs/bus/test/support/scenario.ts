import { randomUUID } from "node:crypto";
import { createEvent, type UserUpdatedData } from "@tubedigest/contracts";
import { defineSubscriptions, type EventBus, type EventHandler, handleOnce } from "../../src/index.ts";
import type { BusFixture } from "./bus-fixtures.ts";
import type { TestDatabase } from "./test-database.ts";

/** A user.updated event whose full name is `label`, the label its effect records. */
export function userUpdated(label: string, correlationId = `req-${label}`) {
  const data: UserUpdatedData = { userId: randomUUID(), email: `${label}@example.com`, fullName: label };
  return createEvent("user.updated", data, { correlationId });
}

/** A handler whose effect is one row in `effects`, made idempotent by the inbox. */
export function recordEffectIn(database: TestDatabase): EventHandler<"user.updated"> {
  return handleOnce(database.db, async (event, { trx }) => {
    await trx
      .insertInto("effects")
      .values({ event_id: event.id, label: event.data.fullName ?? "" })
      .execute();
  });
}

/** Subscribes `handler` to user.updated on a queue of a service of the test's own; answers the queue. */
export async function subscribeProfiles(
  fixture: BusFixture,
  bus: EventBus,
  handler: EventHandler<"user.updated">,
): Promise<string> {
  const service = fixture.serviceName();
  await bus.subscribe(
    defineSubscriptions({
      service,
      queues: { profiles: { events: ["user.updated"], handlers: { "user.updated": handler } } },
    }),
  );
  return `${service}.profiles`;
}
