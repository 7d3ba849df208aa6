import type { EventBus } from "@tubedigest/bus";
import { scheduleEventId } from "@tubedigest/contracts/schedule-event-id";
import type { ProductSchedule } from "./product-schedules.ts";

/**
 * Publishes a slot's event straight onto the bus: the scheduler records nothing, so there is no state
 * change for an outbox to keep in step with. The event's id comes from its name and the slot, so a slot
 * fired twice (a retry after a lost confirm, two replicas) is one event to every consumer's inbox. A
 * failed publish throws, and the scheduler fires the slot again.
 */
export async function announceSlot(events: EventBus, schedule: ProductSchedule, slot: Date): Promise<void> {
  const id = scheduleEventId(schedule.event, slot);
  await events.publish(schedule.event, { slot: slot.toISOString() }, { id, correlationId: id });
}
