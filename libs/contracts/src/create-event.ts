import { randomUUID } from "node:crypto";
import type { EventEnvelope, EventMetadata } from "./envelope.ts";
import { contractOf, type EventData, type EventName } from "./registry.ts";
import { parseEvent } from "./validate-event.ts";

/** Wraps a payload in its envelope, validated: a producer cannot build an event that breaks its contract. */
export function createEvent<Name extends EventName>(
  name: Name,
  data: EventData<Name>,
  metadata: EventMetadata,
): EventEnvelope<Name> {
  const event: EventEnvelope<Name> = {
    id: metadata.id ?? randomUUID(),
    name,
    version: contractOf(name).version,
    occurredAt: (metadata.occurredAt ?? new Date()).toISOString(),
    correlationId: metadata.correlationId,
    data,
  };
  parseEvent(event);
  return event;
}
