import { declaredQueues } from "@tubedigest/bus/testing";
import { CONSUMER_QUEUES } from "@tubedigest/contracts/consumer-queues";
import { describe, expect, it } from "vitest";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { summariserSubscriptions } from "./subscriptions.ts";

describe("summariser's subscriptions", () => {
  it("are the queues the dead-letter tool offers for summariser", () => {
    // The handlers are made, never run: no context is needed.
    const subscriptions = summariserSubscriptions({} as SummariserContext);
    const declared = declaredQueues(subscriptions);
    expect(declared).toEqual(CONSUMER_QUEUES.filter((queue) => queue.startsWith("summariser.")));
  });
});
