import type { Migrations } from "@tubedigest/db";
import * as createMailer from "./20261123T2000-create-mailer.ts";

export const migrations: Migrations = {
  "20261123T2000-create-mailer": createMailer,
};
