import { describe, expect, it } from "vitest";
import { createEvent } from "./create-event.ts";
import { contractOf, type EventName, eventContracts } from "./registry.ts";
import { InvalidEventError, parseEvent } from "./validate-event.ts";

const names = Object.keys(eventContracts) as EventName[];

describe("event contracts", () => {
  it.each(names)("%s: the example satisfies the schema and round-trips through JSON", (name) => {
    const contract = contractOf(name);
    expect(contract.name).toBe(name);
    expect(contract.version).toBeGreaterThanOrEqual(1);
    const event = createEvent(name, contract.example, { correlationId: "req-1" });
    expect(parseEvent(JSON.parse(JSON.stringify(event)))).toEqual(event);
  });

  it("names use the dotted lower-case form that doubles as the routing key", () => {
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*(\.[a-z]+(-[a-z]+)*)+$/);
  });
});

describe("createEvent", () => {
  it("fills the envelope: uuid id, ISO time, contract version, the caller's correlation id", () => {
    const event = createEvent(
      "user.updated",
      { userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d", email: "a@example.com", fullName: null },
      { correlationId: "req-42", occurredAt: new Date("2026-01-05T09:00:00Z") },
    );
    expect(event).toMatchObject({ name: "user.updated", version: 1, correlationId: "req-42" });
    expect(event.occurredAt).toBe("2026-01-05T09:00:00.000Z");
    expect(event.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("refuses a payload that breaks the contract, naming the field", () => {
    const bad = { userId: "not-a-uuid", email: "a@example.com", fullName: null };
    expect(() => createEvent("user.updated", bad, { correlationId: "req-1" })).toThrow(InvalidEventError);
    expect(() => createEvent("user.updated", bad, { correlationId: "req-1" })).toThrow(/data\/userId/);
  });

  it("refuses an empty correlation id", () => {
    const { example } = contractOf("user.updated");
    expect(() => createEvent("user.updated", example, { correlationId: "" })).toThrow(/correlationId/);
  });
});

describe("parseEvent", () => {
  const valid = () =>
    createEvent("channel.followed", contractOf("channel.followed").example, { correlationId: "c" });

  it("refuses what is not an envelope", () => {
    expect(() => parseEvent("hello")).toThrow(/envelope/);
    expect(() => parseEvent({ ...valid(), id: "x" })).toThrow(/envelope\/id/);
  });

  it("refuses an unknown event and an unknown version", () => {
    expect(() => parseEvent({ ...valid(), name: "user.vanished" })).toThrow(/unknown event "user.vanished"/);
    expect(() => parseEvent({ ...valid(), version: 2 })).toThrow(/version 2/);
  });

  it("refuses a known event whose data breaks the contract", () => {
    expect(() =>
      parseEvent({ ...valid(), data: { userId: "0b5e5f5e-8a4c-4c57-9d0e-2f1f2a3b4c5d" } }),
    ).toThrow(/data must have required properties? youtubeChannelId/);
  });

  it("keeps fields it does not know, so producers can add optional fields without a new version", () => {
    const event = { ...valid(), data: { ...valid().data, addedLater: true } };
    expect(parseEvent(event)).toEqual(event);
  });
});
