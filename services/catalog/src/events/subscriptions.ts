import { defineSubscriptions } from "@tubedigest/bus";
import type { CatalogContext } from "../domain/catalog-context.ts";
import { checkUploadsOnTick } from "./check-uploads-on-tick.ts";
import { eraseAccount } from "./erase-account.ts";
import { followSignupChannels } from "./follow-signup-channels.ts";
import { PLAN_ACCESS_EVENTS, recordPlanAccess } from "./record-plan-access.ts";

/** Every event catalog acts on, and which queue carries it. */
export function catalogSubscriptions(context: CatalogContext) {
  return defineSubscriptions({
    service: "catalog",
    queues: {
      "signup-channels": {
        events: ["user.registered"],
        handlers: { "user.registered": followSignupChannels(context) },
      },
      "plan-access": {
        events: PLAN_ACCESS_EVENTS,
        handlers: {
          "subscription.activated": recordPlanAccess(context),
          "subscription.changed": recordPlanAccess(context),
          "subscription.cancelled": recordPlanAccess(context),
          "subscription.expired": recordPlanAccess(context),
          "trial.ended": recordPlanAccess(context),
        },
      },
      "upload-checks": {
        events: ["uploads.check-due"],
        handlers: { "uploads.check-due": checkUploadsOnTick(context) },
      },
      erasure: {
        events: ["user.deleted"],
        handlers: { "user.deleted": eraseAccount(context) },
      },
    },
  });
}
