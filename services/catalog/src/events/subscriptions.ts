import { defineSubscriptions } from "@tubedigest/bus";
import type { CatalogContext } from "../domain/catalog-context.ts";
import { followSignupChannels } from "./follow-signup-channels.ts";

/** Every event catalog acts on, and which queue carries it. */
export function catalogSubscriptions(context: CatalogContext) {
  return defineSubscriptions({
    service: "catalog",
    queues: {
      "signup-channels": {
        events: ["user.registered"],
        handlers: { "user.registered": followSignupChannels(context) },
      },
    },
  });
}
