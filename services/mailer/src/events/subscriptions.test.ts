import { declaredQueues } from "@tubedigest/bus/testing";
import { CONSUMER_QUEUES } from "@tubedigest/contracts/consumer-queues";
import { describe, expect, it } from "vitest";
import type { MailerContext } from "../domain/mailer-context.ts";
import { mailerSubscriptions } from "./subscriptions.ts";

describe("mailer's subscriptions", () => {
  it("are the queues the dead-letter tool offers for mailer", () => {
    // The handlers are made, never run: no context is needed.
    const subscriptions = mailerSubscriptions({} as MailerContext);
    const declared = declaredQueues(subscriptions);
    expect(declared).toEqual(CONSUMER_QUEUES.filter((queue) => queue.startsWith("mailer.")));
  });
});
