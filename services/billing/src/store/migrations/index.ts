import type { Migrations } from "@tubedigest/db";
import * as createBilling from "./20261122T2100-create-billing.ts";
import * as trialEndingNotice from "./20261123T2030-trial-ending-notice.ts";
import * as retainedPayments from "./20261127T0940-retained-payments.ts";
import * as trialsAndPlanChanges from "./20261205T1400-trials-and-plan-changes.ts";

export const migrations: Migrations = {
  "20261122T2100-create-billing": createBilling,
  "20261123T2030-trial-ending-notice": trialEndingNotice,
  "20261127T0940-retained-payments": retainedPayments,
  "20261205T1400-trials-and-plan-changes": trialsAndPlanChanges,
};
