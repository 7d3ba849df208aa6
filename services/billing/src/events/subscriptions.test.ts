import { declaredQueues } from "@tubedigest/bus/testing";
import { CONSUMER_QUEUES } from "@tubedigest/contracts/consumer-queues";
import { describe, expect, it } from "vitest";
import type { BillingContext } from "../domain/billing-context.ts";
import { billingSubscriptions } from "./subscriptions.ts";

describe("billing's subscriptions", () => {
  it("are the queues the dead-letter tool offers for billing", () => {
    // The handlers are made, never run: no context is needed.
    const subscriptions = billingSubscriptions({} as BillingContext);
    const declared = declaredQueues(subscriptions);
    expect(declared).toEqual(CONSUMER_QUEUES.filter((queue) => queue.startsWith("billing.")));
  });
});
