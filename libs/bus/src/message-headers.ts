/** Headers the bus sets on messages; both implementations use the same names. */
export const messageHeaders = {
  /** Which try of the handler this delivery is (1-based). */
  attempt: "x-attempt",
  /** The error of the previous try, on a retried message. */
  lastError: "x-last-error",
  deadLetterReason: "x-dead-letter-reason",
  deadLetteredAt: "x-dead-lettered-at",
  /** The event name a message was first routed by; retries and dead letters travel under queue names. */
  originalRoutingKey: "x-original-routing-key",
} as const;

export type MessageHeaders = Record<string, unknown>;

export function attemptOf(headers: MessageHeaders | undefined): number {
  const attempt = Number(headers?.[messageHeaders.attempt]);
  return Number.isInteger(attempt) && attempt >= 1 ? attempt : 1;
}

export function stringHeader(headers: MessageHeaders | undefined, name: string): string | undefined {
  const value = headers?.[name];
  if (value === undefined || value === null) return undefined;
  return Buffer.isBuffer(value) ? value.toString("utf8") : String(value);
}
