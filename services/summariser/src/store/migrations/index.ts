import type { Migrations } from "@tubedigest/db";
import * as createSummariser from "./20261123T1900-create-summariser.ts";
import * as weeklyDigest from "./20261123T2130-weekly-digest.ts";
import * as previewClients from "./20261125T1530-preview-clients.ts";
import * as digestPause from "./20261127T0930-digest-pause.ts";
import * as singleSummaryQuotes from "./20261127T1200-single-summary-quotes.ts";
import * as deliveryTime from "./20261128T0900-delivery-time.ts";
import * as weekGlance from "./20261128T1000-week-glance.ts";
import * as archiveSearch from "./20261128T1100-archive-search.ts";
import * as sharedSummaries from "./20261128T1300-shared-summaries.ts";
import * as transcriptProvenance from "./20261130T1000-transcript-provenance.ts";
import * as onePurchasePerVideo from "./20261204T2040-one-purchase-per-video.ts";
import * as archiveOfMailedNewsletters from "./20261205T1630-archive-of-mailed-newsletters.ts";
import * as transcriptStepAndCost from "./20261205T1900-transcript-step-and-cost.ts";
import * as digestCadence from "./20261206T0200-digest-cadence.ts";
import * as readerFocus from "./20261206T0200-reader-focus.ts";

export const migrations: Migrations = {
  "20261123T1900-create-summariser": createSummariser,
  "20261123T2130-weekly-digest": weeklyDigest,
  "20261125T1530-preview-clients": previewClients,
  "20261127T0930-digest-pause": digestPause,
  "20261127T1200-single-summary-quotes": singleSummaryQuotes,
  "20261128T0900-delivery-time": deliveryTime,
  "20261128T1000-week-glance": weekGlance,
  "20261128T1100-archive-search": archiveSearch,
  "20261128T1300-shared-summaries": sharedSummaries,
  "20261130T1000-transcript-provenance": transcriptProvenance,
  "20261204T2040-one-purchase-per-video": onePurchasePerVideo,
  "20261205T1630-archive-of-mailed-newsletters": archiveOfMailedNewsletters,
  "20261205T1900-transcript-step-and-cost": transcriptStepAndCost,
  "20261206T0200-digest-cadence": digestCadence,
  "20261206T0200-reader-focus": readerFocus,
};
