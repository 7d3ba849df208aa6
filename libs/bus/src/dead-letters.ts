import { attemptOf, type MessageHeaders, messageHeaders, stringHeader } from "./message-headers.ts";

/** A message that could not be handled, as an operator sees it. */
export interface DeadLetter {
  /** The queue it was meant for ("<service>.<purpose>"). */
  queue: string;
  /** Why it was dead-lettered: the handler's last error, the validation problems, or the broker's reason. */
  reason: string;
  /** How many times the handler ran on it. */
  attempts: number;
  deadLetteredAt: string | undefined;
  /** The event name it was routed by. */
  routingKey: string;
  /** The message body as received (it may not be valid JSON). */
  body: string;
  eventId: string | undefined;
}

export interface DeadLetterQueues {
  /** Looks at up to `limit` dead letters of a queue without removing them. */
  list(queue: string, options?: { limit?: number }): Promise<DeadLetter[]>;
  /**
   * Sends up to `limit` dead letters back to their queue (only that queue: other subscribers of the
   * event already handled it) with a fresh attempt count; answers how many were replayed.
   */
  replay(queue: string, options?: { limit?: number }): Promise<number>;
  /** How many dead letters a queue holds; undefined when its dead-letter queue was never declared. */
  count(queue: string): Promise<number | undefined>;
}

export const DEFAULT_DEAD_LETTER_PAGE = 100;

/** Reads a dead-lettered message of either bus the same way. */
export function describeDeadLetter(
  queue: string,
  message: { body: string; headers: MessageHeaders; routingKey: string },
): DeadLetter {
  const { headers } = message;
  // A message the broker dead-lettered itself (delivery limit) carries only the broker's x-death record.
  const death = brokerDeathOf(headers);
  return {
    queue,
    reason:
      stringHeader(headers, messageHeaders.deadLetterReason) ??
      stringHeader(headers, "x-first-death-reason") ??
      death?.reason ??
      "unknown",
    attempts: attemptOf(headers),
    deadLetteredAt: stringHeader(headers, messageHeaders.deadLetteredAt) ?? death?.time,
    routingKey:
      stringHeader(headers, messageHeaders.originalRoutingKey) ?? death?.routingKey ?? message.routingKey,
    body: message.body,
    eventId: eventIdOf(message.body),
  };
}

interface BrokerDeath {
  reason: string | undefined;
  routingKey: string | undefined;
  time: string | undefined;
}

/** The oldest entry of RabbitMQ's x-death header: why and under which routing key the message first died. */
function brokerDeathOf(headers: MessageHeaders): BrokerDeath | undefined {
  const deaths = headers["x-death"];
  if (!Array.isArray(deaths) || deaths.length === 0) return undefined;
  const first = deaths[deaths.length - 1] as Record<string, unknown>;
  const routingKeys = first["routing-keys"];
  const time = first.time as { value?: unknown } | number | undefined;
  const seconds = typeof time === "number" ? time : Number(time?.value);
  return {
    reason: typeof first.reason === "string" ? first.reason : undefined,
    routingKey: Array.isArray(routingKeys) && typeof routingKeys[0] === "string" ? routingKeys[0] : undefined,
    time: Number.isFinite(seconds) ? new Date(seconds * 1000).toISOString() : undefined,
  };
}

function eventIdOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    const id = typeof parsed === "object" && parsed !== null ? (parsed as { id?: unknown }).id : undefined;
    return typeof id === "string" ? id : undefined;
  } catch {
    return undefined;
  }
}
