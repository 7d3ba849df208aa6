import { defineSubscriptions } from "@tubedigest/bus";
import type { BillingContext } from "../domain/billing-context.ts";
import { recordChangedEmail, recordNewAccount } from "./record-new-account.ts";

/** Every event billing acts on, and which queue carries it. */
export function billingSubscriptions(context: BillingContext) {
  return defineSubscriptions({
    service: "billing",
    queues: {
      accounts: {
        events: ["user.registered", "user.updated"],
        handlers: {
          "user.registered": recordNewAccount(context),
          "user.updated": recordChangedEmail(context),
        },
      },
    },
  });
}
