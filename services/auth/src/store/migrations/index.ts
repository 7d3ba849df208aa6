import type { Migrations } from "@tubedigest/db";
import * as createUsers from "./20261122T0210-create-users.ts";
import * as canonicalEmail from "./20261122T0640-canonical-email.ts";
import * as claimsAndSignInLinks from "./20261122T0650-claims-and-sign-in-links.ts";
import * as userTimeZone from "./20261123T2140-user-time-zone.ts";
import * as accountLifecycle from "./20261127T0920-account-lifecycle.ts";
import * as summaryLanguage from "./20261130T1010-summary-language.ts";
import * as signInGuards from "./20261204T2010-sign-in-guards.ts";

export const migrations: Migrations = {
  "20261122T0210-create-users": createUsers,
  "20261122T0640-canonical-email": canonicalEmail,
  "20261122T0650-claims-and-sign-in-links": claimsAndSignInLinks,
  "20261123T2140-user-time-zone": userTimeZone,
  "20261127T0920-account-lifecycle": accountLifecycle,
  "20261130T1010-summary-language": summaryLanguage,
  "20261204T2010-sign-in-guards": signInGuards,
};
