import { defineSubscriptions } from "@tubedigest/bus";
import type { BillingContext } from "../domain/billing-context.ts";
import { eraseAccount } from "./erase-account.ts";
import { recordChangedEmail, recordNewAccount } from "./record-new-account.ts";
import { settleSingleSummaryCharge } from "./settle-single-summary-charge.ts";

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
      // A single summary's charge: taken when it is delivered, let go when it fails.
      "single-video-charges": {
        events: ["video.summarised", "video-summary.failed"],
        handlers: {
          "video.summarised": settleSingleSummaryCharge(context, "captured"),
          "video-summary.failed": settleSingleSummaryCharge(context, "released"),
        },
      },
      // A deleted account: its card subscription cancelled at Stripe, its records erased.
      erasure: {
        events: ["user.deleted"],
        handlers: { "user.deleted": eraseAccount(context) },
      },
    },
  });
}
