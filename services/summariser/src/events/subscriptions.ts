import { defineSubscriptions } from "@tubedigest/bus";
import type { SummariserContext } from "../domain/summariser-context.ts";
import { fulfilPurchase } from "./fulfil-purchase.ts";

/** Every event the summariser acts on, and which queue carries it. */
export function summariserSubscriptions(context: SummariserContext) {
  return defineSubscriptions({
    service: "summariser",
    queues: {
      // Few at a time: each may hold a model call for minutes.
      "single-videos": {
        events: ["video-summary.requested"],
        handlers: { "video-summary.requested": fulfilPurchase(context) },
        prefetch: 4,
      },
    },
  });
}
