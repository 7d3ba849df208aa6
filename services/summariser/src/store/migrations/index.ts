import type { Migrations } from "@tubedigest/db";
import * as createSummariser from "./20261123T1900-create-summariser.ts";
import * as weeklyDigest from "./20261123T2130-weekly-digest.ts";
import * as previewClients from "./20261125T1530-preview-clients.ts";
import * as singleSummaryQuotes from "./20261127T1200-single-summary-quotes.ts";

export const migrations: Migrations = {
  "20261123T1900-create-summariser": createSummariser,
  "20261123T2130-weekly-digest": weeklyDigest,
  "20261125T1530-preview-clients": previewClients,
  "20261127T1200-single-summary-quotes": singleSummaryQuotes,
};
