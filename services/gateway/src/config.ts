import {
  AppEnv,
  Host,
  LogLevel,
  Origin,
  Port,
  SiteEnvironment,
  type SiteSettings,
  siteSettingsFrom,
  Url,
  withSiteRules,
} from "@tubedigest/config";
import Type, { type Static } from "typebox";
import type { ServiceName } from "./routes/upstream-table.ts";
import { TrustProxy, trustedProxies } from "./trust-proxy.ts";

/** Requests per client address: the gateway's own process and the embedded product read them alike. */
export const RateLimitEnvironment = {
  /** Sign-in and sign-up attempts per client address per window. */
  SIGN_IN_RATE_LIMIT: Type.Integer({ minimum: 1, default: 10 }),
  /** Channel searches per client address per minute. */
  SEARCH_RATE_LIMIT: Type.Integer({ minimum: 1, default: 30 }),
  /** Newsletter previews and single-video purchases per client address per minute. */
  SUMMARY_RATE_LIMIT: Type.Integer({ minimum: 1, default: 20 }),
  /** Calls of the hidden summary tool (each one a password try) per client address per minute. */
  SUMMARY_TOOL_RATE_LIMIT: Type.Integer({ minimum: 1, default: 5 }),
  /** Abandonment e-mails asked for per client address per minute. */
  ABANDONMENT_RATE_LIMIT: Type.Integer({ minimum: 1, default: 5 }),
  /** Newsletters composed on demand ("generate newsletter") per client address per hour. */
  NEWSLETTER_RATE_LIMIT: Type.Integer({ minimum: 1, default: 5 }),
  /** Checkout calls (payment intents, subscribing) per client address per minute. */
  CHECKOUT_RATE_LIMIT: Type.Integer({ minimum: 1, default: 10 }),
  /** Changes of a password, an address or the account's existence per client address per hour. */
  ACCOUNT_CHANGE_RATE_LIMIT: Type.Integer({ minimum: 1, default: 10 }),
};

/** The gateway's environment when it runs as its own process (compose, Kubernetes, `make stack`). */
export const GatewayEnvironment = withSiteRules(
  Type.Object({
    PORT: Port({ default: 3000 }),
    HOST: Host("0.0.0.0"),
    LOG_LEVEL: LogLevel,
    APP_ENV: AppEnv("production"),
    REDIS_URL: Url(["redis", "rediss"]),
    /** Every session and rate-limit key starts with it; another lets two products share one Redis. */
    REDIS_KEY_PREFIX: Type.String({ default: "td:" }),
    SESSION_SECRET: Type.String({ minLength: 32 }),
    /** Signs the caller header for the services, which hold the same secret. */
    IDENTITY_SECRET: Type.String({ minLength: 32 }),
    AUTH_URL: Url(["http", "https"]),
    CATALOG_URL: Url(["http", "https"]),
    BILLING_URL: Url(["http", "https"]),
    SUMMARISER_URL: Url(["http", "https"]),
    MAILER_URL: Url(["http", "https"]),
    WEB_DIST: Type.String({ default: "web/dist" }),
    TRUST_PROXY: TrustProxy,
    /** `/metrics` is served here, apart from the public port. */
    METRICS_PORT: Port({ default: 9464 }),
    METRICS_HOST: Host("0.0.0.0"),
    /** The site's own origin, e.g. https://tubedigest.example; when unset the request's Host is the origin. */
    PUBLIC_ORIGIN: Type.Optional(Origin()),
    ...RateLimitEnvironment,
    /** The window SIGN_IN_RATE_LIMIT counts attempts over. */
    SIGN_IN_RATE_WINDOW_SECONDS: Type.Integer({ minimum: 1, default: 60 }),
    /** The support address and the operator the web app shows (GET /api/site). */
    ...SiteEnvironment,
  }),
);

/** What the gateway needs, however it was configured (its own process or the embedded product). */
export interface GatewaySettings {
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
  signInRateLimit: { max: number; windowSeconds: number };
  /** Channel searches per client address per minute. */
  searchRateLimit: number;
  /** Previews and purchases per client address per minute (20 when absent). */
  summaryRateLimit?: number | undefined;
  /** Hidden-tool calls per client address per minute (5 when absent). */
  summaryToolRateLimit?: number | undefined;
  /** Abandonment e-mails per client address per minute (5 when absent). */
  abandonmentRateLimit?: number | undefined;
  /** Newsletters composed on demand per client address per hour (5 when absent). */
  newsletterRateLimit?: number | undefined;
  /** Checkout calls per client address per minute (10 when absent). */
  checkoutRateLimit?: number | undefined;
  /** Password, address and deletion calls per client address per hour (10 when absent). */
  accountChangeRateLimit?: number | undefined;
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

/** The rate limits from the environment; sign-in attempts are counted over `signInWindowSeconds`. */
export function rateLimitSettingsFrom(
  env: Static<typeof RateLimitVariables>,
  signInWindowSeconds: number,
): Pick<
  GatewaySettings,
  | "signInRateLimit"
  | "searchRateLimit"
  | "summaryRateLimit"
  | "summaryToolRateLimit"
  | "abandonmentRateLimit"
  | "newsletterRateLimit"
  | "checkoutRateLimit"
  | "accountChangeRateLimit"
> {
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
