import type { AnyEvent, EventData, EventEnvelope, EventMetadata, EventName } from "@tubedigest/contracts";
import type { Logger } from "pino";
import type { DeadLetterQueues } from "./dead-letters.ts";
import type { HandledListener } from "./handled-deliveries.ts";
import type { Subscriptions } from "./subscriptions.ts";

/** What a handler gets besides the event. */
export interface HandlerContext {
  /** The bus logger's child carrying correlationId, eventId, event and queue: log through it. */
  log: Logger;
  /** 1 on the first try; counts the bus's retries after a handler failure. */
  attempt: number;
  /** The queue the event came from ("<service>.<purpose>"); the inbox keys processed events by it. */
  queue: string;
  /**
   * Says the event was a repeat the handler dropped (handleOnce, finding it in the inbox), so the bus
   * counts it apart from the events it handled. Absent where no bus runs the handler (a test calling it).
   */
  reportDuplicate?: () => void;
}

/**
 * Acts on one event. Resolving acknowledges the event, so resolve only once the effect is committed;
 * throwing schedules a retry with back-off, and after the last attempt the event is dead-lettered.
 */
export type EventHandler<Name extends EventName = EventName> = (
  event: EventEnvelope<Name>,
  context: HandlerContext,
) => Promise<void>;

/** The one thing the outbox relay needs from a bus. */
export interface EventPublisher {
  /** Validates and publishes a prepared event; resolves once the broker has it (publisher confirm). */
  publishEvent(event: AnyEvent): Promise<void>;
}

/** The bus as services use it; RabbitMQ and in-process implementations behave the same. */
export interface EventBus extends EventPublisher {
  /**
   * Builds, validates and publishes an event, bypassing the outbox: only for events that record no
   * state change of the caller (a schedule firing). Anything else goes through `writeToOutbox`.
   */
  publish<Name extends EventName>(
    name: Name,
    data: EventData<Name>,
    metadata: EventMetadata,
  ): Promise<EventEnvelope<Name>>;
  /**
   * Declares the service's queues and starts its handlers; resolves once they consume. Fails at once
   * when the subscriptions name an event without a handler (or a handler without its event).
   */
  subscribe(subscriptions: Subscriptions): Promise<void>;
  /** The consuming queues subscribed on this bus so far: every service's, on the embedded product's one bus. */
  queues(): readonly string[];
  /** Tells `listener` what became of each delivery handled from now on; answers how to stop. */
  onHandled(listener: HandledListener): () => void;
  /** Whether the bus reaches its broker now; publishing and consuming resume by themselves when it does. */
  isConnected(): boolean;
  /** Operator access to what could not be handled. */
  readonly deadLetters: DeadLetterQueues;
  /** Stops consuming, lets running handlers finish (they ack), then disconnects. */
  close(): Promise<void>;
}
