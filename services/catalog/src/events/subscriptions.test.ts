import { declaredQueues } from "@tubedigest/bus/testing";
import { CONSUMER_QUEUES } from "@tubedigest/contracts/consumer-queues";
import { describe, expect, it } from "vitest";
import type { CatalogContext } from "../domain/catalog-context.ts";
import { catalogSubscriptions } from "./subscriptions.ts";

describe("catalog's subscriptions", () => {
  it("are the queues the dead-letter tool offers for catalog", () => {
    // The handlers are made, never run: no context is needed.
    const subscriptions = catalogSubscriptions({} as CatalogContext);
    const declared = declaredQueues(subscriptions);
    expect(declared).toEqual(CONSUMER_QUEUES.filter((queue) => queue.startsWith("catalog.")));
  });
});
