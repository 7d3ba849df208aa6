import { describe, expect, it } from "vitest";
import { describeDeadLetter } from "./dead-letters.ts";
import { messageHeaders } from "./message-headers.ts";

const body = JSON.stringify({ id: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d", name: "user.updated" });

describe("a dead letter as an operator reads it", () => {
  it("takes what the bus wrote on it", () => {
    const letter = describeDeadLetter("svc.profiles", {
      body,
      routingKey: "svc.profiles.dead-letter",
      headers: {
        [messageHeaders.deadLetterReason]: Buffer.from("handler failed 3 times; last error: boom"),
        [messageHeaders.deadLetteredAt]: "2026-01-05T09:00:00.000Z",
        [messageHeaders.originalRoutingKey]: "user.updated",
        [messageHeaders.attempt]: 3,
        "x-first-death-reason": "delivery_limit",
        "x-death": [{ reason: "rejected", "routing-keys": ["svc.profiles"], time: 1_700_000_000 }],
      },
    });
    expect(letter).toEqual({
      queue: "svc.profiles",
      reason: "handler failed 3 times; last error: boom",
      attempts: 3,
      deadLetteredAt: "2026-01-05T09:00:00.000Z",
      routingKey: "user.updated",
      body,
      eventId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d",
    });
  });

  it("reads RabbitMQ's own record of a message it dead-lettered, oldest death first", () => {
    const letter = describeDeadLetter("svc.profiles", {
      body,
      routingKey: "svc.profiles",
      headers: {
        "x-death": [
          { reason: "expired", "routing-keys": ["svc.profiles.retry.50"], time: { value: 1_800_000_000 } },
          { reason: "delivery_limit", "routing-keys": ["user.updated"], time: { value: 1_700_000_000 } },
        ],
      },
    });
    expect(letter).toMatchObject({
      reason: "delivery_limit",
      attempts: 1,
      deadLetteredAt: "2023-11-14T22:13:20.000Z",
      routingKey: "user.updated",
    });
    expect(
      describeDeadLetter("q", { body, routingKey: "q", headers: { "x-death": [{ time: 1_700_000_000 }] } }),
    ).toMatchObject({ reason: "unknown", deadLetteredAt: "2023-11-14T22:13:20.000Z", routingKey: "q" });
    expect(
      describeDeadLetter("q", {
        body,
        routingKey: "q",
        headers: { "x-first-death-reason": "maxlen", "x-death": [{ reason: 7, "routing-keys": [7] }] },
      }),
    ).toMatchObject({ reason: "maxlen", deadLetteredAt: undefined, routingKey: "q" });
    // Mutation: `typeof first.reason === "string"` as `true`, which would give the number as the reason.
    expect(
      describeDeadLetter("q", { body, routingKey: "q", headers: { "x-death": [{ reason: 7 }] } }).reason,
    ).toBe("unknown");
  });

  it.each([
    ["no headers at all", {}],
    ["an empty x-death", { "x-death": [] }],
    ["an x-death that is not a list", { "x-death": "expired" }],
  ])("says the reason is unknown for a message with %s", (_name, headers) => {
    expect(describeDeadLetter("q", { body: "{ not json", routingKey: "user.updated", headers })).toEqual({
      queue: "q",
      reason: "unknown",
      attempts: 1,
      deadLetteredAt: undefined,
      routingKey: "user.updated",
      body: "{ not json",
      eventId: undefined,
    });
  });

  it.each([
    ["JSON that is not an object", "null"],
    ["an object without an id", '{"name":"user.updated"}'],
    ["an id that is not text", '{"id":42}'],
  ])("has no event id for a body of %s", (_name, text) => {
    expect(describeDeadLetter("q", { body: text, routingKey: "q", headers: {} }).eventId).toBeUndefined();
  });
});
