import { Writable } from "node:stream";
import { contractOf, createEvent } from "@tubedigest/contracts";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import type { EventHandler } from "./event-bus.ts";
import { handleDelivery } from "./handle-delivery.ts";
import { HandledDeliveries, type HandledDelivery } from "./handled-deliveries.ts";
import type { QueuePlan } from "./plan-queues.ts";

function capturingLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level: "debug" }, stream), lines };
}

/** The outcomes a bus's metrics would be told. */
function recordedOutcomes() {
  const reports = new HandledDeliveries();
  const seen: HandledDelivery[] = [];
  reports.listen((delivery) => seen.push(delivery));
  return { reports, seen };
}

function planWith(handler: EventHandler): QueuePlan {
  return {
    name: "mailer.welcome-mail",
    events: ["user.registered"],
    handlers: new Map([["user.registered", handler]]),
    retry: { delaysMs: [100, 400] },
    prefetch: 1,
  };
}

const event = createEvent("user.registered", contractOf("user.registered").example, {
  correlationId: "req-abc",
});
const body = JSON.stringify(event);

describe("handleDelivery", () => {
  it("acks after the handler resolved, which logged through a child carrying the correlation id", async () => {
    const { log, lines } = capturingLog();
    const { reports, seen } = recordedOutcomes();
    const outcome = await handleDelivery(
      planWith(async (received, context) => {
        expect(received).toEqual(event);
        expect(context).toMatchObject({ attempt: 1, queue: "mailer.welcome-mail" });
        context.log.info("welcome mail sent");
      }),
      { body, attempt: 1 },
      log,
      reports,
    );
    expect(outcome).toEqual({ action: "ack" });
    expect(seen).toEqual([{ queue: "mailer.welcome-mail", event: "user.registered", outcome: "handled" }]);
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: "welcome mail sent",
        correlationId: "req-abc",
        eventId: event.id,
        event: "user.registered",
      }),
    );
  });

  it("retries a failure with the policy's back-off, then dead-letters after the last attempt", async () => {
    const { log, lines } = capturingLog();
    const { reports, seen } = recordedOutcomes();
    const plan = planWith(async () => {
      throw new Error("smtp down");
    });
    expect(await handleDelivery(plan, { body, attempt: 1 }, log, reports)).toEqual({
      action: "retry",
      nextAttempt: 2,
      delayMs: 100,
      reason: "smtp down",
    });
    expect(await handleDelivery(plan, { body, attempt: 2 }, log, reports)).toMatchObject({
      action: "retry",
      delayMs: 400,
    });
    expect(await handleDelivery(plan, { body, attempt: 3 }, log, reports)).toEqual({
      action: "dead-letter",
      reason: "handler failed 3 times; last error: smtp down",
    });
    expect(seen.map((delivery) => delivery.outcome)).toEqual(["retried", "retried", "dead-lettered"]);
    // Each failure is logged with the event it happened to, the try, and what comes next.
    const failure = {
      correlationId: "req-abc",
      eventId: event.id,
      err: expect.objectContaining({ message: "smtp down" }),
    };
    expect(lines).toEqual([
      expect.objectContaining({
        ...failure,
        level: 40,
        attempt: 1,
        retryInMs: 100,
        msg: "handler failed; retrying later",
      }),
      expect.objectContaining({
        ...failure,
        level: 40,
        attempt: 2,
        retryInMs: 400,
        msg: "handler failed; retrying later",
      }),
      expect.objectContaining({
        ...failure,
        level: 50,
        attempt: 3,
        msg: "handler failed on its last attempt; dead-lettering the event",
      }),
    ]);
  });

  it("dead-letters at once what breaks the contract, without calling the handler", async () => {
    const { log, lines } = capturingLog();
    const { reports, seen } = recordedOutcomes();
    let called = false;
    const plan = planWith(async () => {
      called = true;
    });
    const invalid = JSON.stringify({ ...event, data: { ...event.data, email: 42 } });
    expect(await handleDelivery(plan, { body: invalid, attempt: 1 }, log, reports)).toEqual({
      action: "dead-letter",
      reason: "rejected: Invalid event: data/email must be string",
    });
    expect(await handleDelivery(plan, { body: "<xml/>", attempt: 1 }, log, reports)).toMatchObject({
      action: "dead-letter",
      reason: expect.stringMatching(/^rejected: .*JSON/),
    });
    expect(called).toBe(false);
    // A known name is kept; anything else would let a producer mint a series per message.
    expect(seen).toEqual([
      { queue: "mailer.welcome-mail", event: "user.registered", outcome: "dead-lettered" },
      { queue: "mailer.welcome-mail", event: "unreadable", outcome: "dead-lettered" },
    ]);
    expect(lines[0]).toMatchObject({
      level: 50,
      reason: "rejected: Invalid event: data/email must be string",
      msg: "dead-lettering a message that breaks its contract",
    });
  });

  it("dead-letters an event the queue has no handler for (a binding left behind)", async () => {
    const { log, lines } = capturingLog();
    const other = createEvent("user.updated", contractOf("user.updated").example, { correlationId: "c" });
    expect(
      await handleDelivery(
        planWith(async () => {}),
        { body: JSON.stringify(other), attempt: 1 },
        log,
        recordedOutcomes().reports,
      ),
    ).toEqual({
      action: "dead-letter",
      reason: 'no handler for "user.updated" in mailer.welcome-mail',
    });
    expect(lines).toEqual([
      expect.objectContaining({
        level: 50,
        eventId: other.id,
        reason: 'no handler for "user.updated" in mailer.welcome-mail',
        msg: "dead-lettering an event the queue has no handler for",
      }),
    ]);
  });
});
