import type { Migrations } from "@tubedigest/db";
import * as createMailer from "./20261123T2000-create-mailer.ts";
import * as previews from "./20261125T1530-previews.ts";
import * as welcomeWithPreview from "./20261125T1700-welcome-with-preview.ts";
import * as messageIdIndex from "./20261126T1400-message-id-index.ts";
import * as privateFeeds from "./20261128T1200-private-feeds.ts";
import * as messageNewsletterId from "./20261129T0900-message-newsletter-id.ts";
import * as unsubscribeGeneration from "./20261205T0900-unsubscribe-generation.ts";
import * as requestMails from "./20261205T0910-request-mails.ts";
import * as planState from "./20261206T0900-plan-state.ts";
import * as messageData from "./20261206T0910-message-data.ts";

export const migrations: Migrations = {
  "20261123T2000-create-mailer": createMailer,
  "20261125T1530-previews": previews,
  "20261125T1700-welcome-with-preview": welcomeWithPreview,
  "20261126T1400-message-id-index": messageIdIndex,
  "20261128T1200-private-feeds": privateFeeds,
  "20261129T0900-message-newsletter-id": messageNewsletterId,
  "20261205T0900-unsubscribe-generation": unsubscribeGeneration,
  "20261205T0910-request-mails": requestMails,
  "20261206T0900-plan-state": planState,
  "20261206T0910-message-data": messageData,
};
