import type { Migrations } from "@tubedigest/db";
import * as createMailer from "./20261123T2000-create-mailer.ts";
import * as previews from "./20261125T1530-previews.ts";

export const migrations: Migrations = {
  "20261123T2000-create-mailer": createMailer,
  "20261125T1530-previews": previews,
};
