import {
  AppEnv,
  Host,
  LogLevel,
  loadConfig,
  Origin,
  Port,
  SiteEnvironment,
  type SiteSettings,
  siteSettingsFrom,
  TracingVariables,
  Url,
  withSiteRules,
} from "@tubedigest/config";
import Type, { type Static } from "typebox";
import type { ServiceName } from "./routes/upstream-table.ts";
import { TrustProxy, trustedProxies } from "./trust-proxy.ts";

/** The gateway's own process only: the embedded product counts sign-in attempts over a window of its own. */
const SignInWindowEnvironment = {
  SIGN_IN_RATE_WINDOW_SECONDS: Type.Integer({
    minimum: 1,
    default: 60,
    description: "The window `SIGN_IN_RATE_LIMIT` counts attempts over, in seconds",
  }),
};

/** Requests per client address: the gateway's own process and the embedded product read them alike. */
export const RateLimitEnvironment = {
  SIGN_IN_RATE_LIMIT: Type.Integer({
    minimum: 1,
    default: 10,
    description: "Sign-in and sign-up attempts per client address per window (a minute in `make start`)",
  }),
  SEARCH_RATE_LIMIT: Type.Integer({
    minimum: 1,
    default: 30,
    description: "Channel searches and subscriptions-file lookups per client address per minute",
  }),
  SUMMARY_RATE_LIMIT: Type.Integer({
    minimum: 1,
    default: 20,
    description: "Newsletter previews, single summary prices and purchases per client address per minute",
  }),
  SUMMARY_TOOL_RATE_LIMIT: Type.Integer({
    minimum: 1,
    default: 5,
    description: "Calls of the hidden summary tool (each a password try) per client address per minute",
  }),
  ABANDONMENT_RATE_LIMIT: Type.Integer({
    minimum: 1,
    default: 5,
    description: "Abandonment e-mails asked for per client address per minute",
  }),
  NEWSLETTER_RATE_LIMIT: Type.Integer({
    minimum: 1,
    default: 5,
    description:
      'Newsletters composed and mailed on demand ("generate newsletter") per client address per hour',
  }),
  CHECKOUT_RATE_LIMIT: Type.Integer({
    minimum: 1,
    default: 10,
    description:
      "Checkout and plan calls (payment intents, subscribing, a plan's quote, move, cancel, resume, portal) per client address per minute",
  }),
  ACCOUNT_CHANGE_RATE_LIMIT: Type.Integer({
    minimum: 1,
    default: 10,
    description:
      "Password changes, address changes and account deletions (each checks a password or mails someone) per client address per hour",
  }),
};

const serviceUrl = (service: string, example: string) =>
  Url(["http", "https"], { description: `The ${service}'s internal address, e.g. \`${example}\`` });

/** The gateway's environment when it runs as its own process (compose, Kubernetes, `make stack`). */
export const GatewayEnvironment = withSiteRules(
  Type.Object({
    PORT: Port({ default: 3000, description: "Where the gateway serves the site and `/api`" }),
    HOST: Host("0.0.0.0"),
    LOG_LEVEL: LogLevel,
    ...TracingVariables,
    APP_ENV: AppEnv("production", {
      description:
        "`production` marks cookies `Secure`; `development` adds /dev/mailbox, the digest's development tools and /dev/api-docs, and answers only at localhost",
    }),
    REDIS_URL: Url(["redis", "rediss"], {
      description: "Sessions and rate-limit counters (`redis://`, `rediss://`)",
    }),
    REDIS_KEY_PREFIX: Type.String({
      default: "td:",
      description: "The start of every session and rate-limit key; another lets two products share one Redis",
    }),
    SESSION_SECRET: Type.String({ minLength: 32, description: "Signs session cookies" }),
    IDENTITY_SECRET: Type.String({
      minLength: 32,
      description: "Signs the caller header the services check: the same in the gateway and every service",
    }),
    AUTH_URL: serviceUrl("auth service", "http://auth:4001"),
    CATALOG_URL: serviceUrl("catalog service", "http://catalog:4002"),
    BILLING_URL: serviceUrl("billing service", "http://billing:4003"),
    SUMMARISER_URL: serviceUrl("summariser", "http://summariser:4004"),
    MAILER_URL: serviceUrl("mailer", "http://mailer:4005"),
    WEB_DIST: Type.String({ default: "web/dist", description: "The built web app" }),
    TRUST_PROXY: TrustProxy,
    METRICS_PORT: Port({
      default: 9464,
      description: "Where `/metrics` is served, apart from the public port",
    }),
    METRICS_HOST: Host("0.0.0.0", { description: "The interface `/metrics` is served on" }),
    PUBLIC_ORIGIN: Type.Optional(
      Origin({
        description:
          "The site's own origin, e.g. `https://tubedigest.example`; unset: the request's Host is taken as it",
      }),
    ),
    ...RateLimitEnvironment,
    ...SignInWindowEnvironment,
    /** The support address and the operator the web app shows (GET /api/site). */
    ...SiteEnvironment,
  }),
);

/** What the gateway needs, however it was configured (its own process or the embedded product). */
export interface GatewaySettings extends RateLimits {
  secureCookies: boolean;
  sessionSecret: string;
  identitySecret: string;
  /** Sessions and rate-limit counters live here; in memory when absent (the embedded product). */
  redisUrl?: string | undefined;
  redisKeyPrefix: string;
  upstreams: Record<ServiceName, string>;
  webDist: string;
  /** How many proxies stand in front, or their addresses and CIDRs (0: none). */
  trustProxy: number | string[];
  publicOrigin?: string | undefined;
  /** The support address and the operator, answered to the web app at GET /api/site. */
  site: SiteSettings;
  /** Forward /dev/mailbox to the mailer: development only. */
  devMailbox?: boolean | undefined;
  /** Forward the digest's development tools (deliver now, progress) to the summariser: development only. */
  devDigest?: boolean | undefined;
  /** Serve Swagger UI over /api/openapi.json at /dev/api-docs: development only. */
  apiDocs?: boolean | undefined;
  /**
   * Answer only requests addressed to localhost, 127.0.0.1 or [::1] and sent by their pages, so no other
   * site can read the development server through DNS rebinding: development only.
   */
  loopbackOnly?: boolean | undefined;
}

export function gatewaySettingsFrom(env: Static<typeof GatewayEnvironment>): GatewaySettings {
  return {
    secureCookies: env.APP_ENV !== "development",
    sessionSecret: env.SESSION_SECRET,
    identitySecret: env.IDENTITY_SECRET,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    upstreams: {
      auth: env.AUTH_URL,
      catalog: env.CATALOG_URL,
      billing: env.BILLING_URL,
      summariser: env.SUMMARISER_URL,
      mailer: env.MAILER_URL,
    },
    webDist: env.WEB_DIST,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    publicOrigin: env.PUBLIC_ORIGIN,
    site: siteSettingsFrom(env),
    ...rateLimitSettingsFrom(env, env.SIGN_IN_RATE_WINDOW_SECONDS),
    devMailbox: env.APP_ENV === "development",
    devDigest: env.APP_ENV === "development",
    apiDocs: env.APP_ENV === "development",
    loopbackOnly: env.APP_ENV === "development",
  };
}

const RateLimitVariables = Type.Object(RateLimitEnvironment);

/** What each group of routes may take per client address; the windows are in routes/rate-limits.ts. */
export interface RateLimits {
  /** Sign-in attempts per client address over `windowSeconds`. */
  signInRateLimit: { max: number; windowSeconds: number };
  searchRateLimit: number;
  summaryRateLimit: number;
  summaryToolRateLimit: number;
  abandonmentRateLimit: number;
  newsletterRateLimit: number;
  checkoutRateLimit: number;
  accountChangeRateLimit: number;
}

/** The rate limits from the environment; sign-in attempts are counted over `signInWindowSeconds`. */
export function rateLimitSettingsFrom(
  env: Static<typeof RateLimitVariables>,
  signInWindowSeconds: number,
): RateLimits {
  return {
    signInRateLimit: { max: env.SIGN_IN_RATE_LIMIT, windowSeconds: signInWindowSeconds },
    searchRateLimit: env.SEARCH_RATE_LIMIT,
    summaryRateLimit: env.SUMMARY_RATE_LIMIT,
    summaryToolRateLimit: env.SUMMARY_TOOL_RATE_LIMIT,
    abandonmentRateLimit: env.ABANDONMENT_RATE_LIMIT,
    newsletterRateLimit: env.NEWSLETTER_RATE_LIMIT,
    checkoutRateLimit: env.CHECKOUT_RATE_LIMIT,
    accountChangeRateLimit: env.ACCOUNT_CHANGE_RATE_LIMIT,
  };
}

/** The limits with no variable set, their schema defaults: what tests and benches start from. */
export function defaultRateLimits(): RateLimits {
  const env = loadConfig(Type.Object({ ...RateLimitEnvironment, ...SignInWindowEnvironment }), {});
  return rateLimitSettingsFrom(env, env.SIGN_IN_RATE_WINDOW_SECONDS);
}
