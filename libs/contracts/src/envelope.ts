import Type from "typebox";
import type { EventData, EventName } from "./registry.ts";

/** What travels on the bus around every payload; the same for all events. */
export const EventEnvelopeSchema = Type.Object({
  id: Type.String({ format: "uuid" }),
  name: Type.String({ minLength: 1 }),
  version: Type.Integer({ minimum: 1 }),
  occurredAt: Type.String({ format: "date-time" }),
  /** The id of the HTTP request (or the event) that caused this one, so one story can be followed in logs. */
  correlationId: Type.String({ minLength: 1, maxLength: 200 }),
  data: Type.Unknown(),
});

export interface EventEnvelope<Name extends EventName = EventName> {
  id: string;
  name: Name;
  version: number;
  occurredAt: string;
  correlationId: string;
  data: EventData<Name>;
}

/** Any event of the system, as a union discriminated by `name` (narrowing on `name` types `data`). */
export type AnyEvent = { [Name in EventName]: EventEnvelope<Name> }[EventName];

/** What the caller tells about an event besides its payload. */
export interface EventMetadata {
  correlationId: string;
  /** Defaults to a fresh UUID; pass one to make a retried command emit the same event. */
  id?: string;
  /** Defaults to now. */
  occurredAt?: Date;
}
