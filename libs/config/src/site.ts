import Type, { type TObject } from "typebox";
import { Matching } from "./schemas.ts";

/** Who runs the product and where people write for help, as every page, e-mail and /terms name them. */
export interface SiteSettings {
  /** The support address: the web footer, every e-mail's footer, each "contact support". */
  supportEmail: string;
  /** The operator: who runs the service, on /terms and at the foot of every page and e-mail. */
  operatorName: string;
}

/** What a development process shows while SUPPORT_EMAIL and OPERATOR_NAME are unset. */
export const DEVELOPMENT_SITE: SiteSettings = {
  supportEmail: "support@tubedigest.localhost",
  operatorName: "the tubedigest team",
};

/**
 * The support address and the operator: read by every process that shows them (the gateway for the web
 * app, the mailer for e-mails, the embedded product for both). Unset, development shows DEVELOPMENT_SITE;
 * production must name its own (withSiteRules).
 */
export const SiteEnvironment = {
  SUPPORT_EMAIL: Type.Optional(
    Matching(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "one e-mail address, such as support@tubedigest.example", {
      maxLength: 254,
      description:
        'Where customers write for help (every page\'s footer, every e-mail, /terms, each "contact support"); unset: `support@tubedigest.localhost`, development only',
    }),
  ),
  OPERATOR_NAME: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 120,
      description:
        "Who runs the service, a company's or a person's name, on /terms and at the foot of every page and e-mail; unset: `the tubedigest team`, development only",
    }),
  ),
};

const SITE_VARIABLES = ["SUPPORT_EMAIL", "OPERATOR_NAME"] as const;

interface SiteValues {
  APP_ENV?: string;
  SUPPORT_EMAIL?: string | undefined;
  OPERATOR_NAME?: string | undefined;
}

const missing = (env: SiteValues) => SITE_VARIABLES.filter((name) => env[name] === undefined);

/**
 * A process's schema with the site's rule added: with APP_ENV=production both must be set, since a
 * development default would tell real customers to write to nobody, under nobody's name.
 */
export function withSiteRules<Schema extends TObject>(schema: Schema): Schema {
  return Type.Refine(
    schema,
    (env) => (env as SiteValues).APP_ENV !== "production" || missing(env as SiteValues).length === 0,
    (env) =>
      `${missing(env as SiteValues).join(" and ")} must be set with APP_ENV=production: every page and e-mail names the support address and the operator`,
  ) as Schema;
}

/** The support address and the operator, as set or, unset (development only), DEVELOPMENT_SITE's. */
export function siteSettingsFrom(env: SiteValues): SiteSettings {
  return {
    supportEmail: env.SUPPORT_EMAIL ?? DEVELOPMENT_SITE.supportEmail,
    operatorName: env.OPERATOR_NAME ?? DEVELOPMENT_SITE.operatorName,
  };
}
