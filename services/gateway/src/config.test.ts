import { loadConfig } from "@tubedigest/config";
import { describe, expect, it } from "vitest";
import { GatewayEnvironment, gatewaySettingsFrom } from "./config.ts";

const required = {
  REDIS_URL: "redis://127.0.0.1:6379",
  SESSION_SECRET: "session-secret-for-tests-only-0123456789",
  IDENTITY_SECRET: "identity-secret-for-tests-only-0123456789",
  AUTH_URL: "http://auth:4001",
  CATALOG_URL: "http://catalog:4002",
  BILLING_URL: "http://billing:4003",
  SUMMARISER_URL: "http://summariser:4004",
  MAILER_URL: "http://mailer:4005",
};

const settingsIn = (APP_ENV: string) =>
  gatewaySettingsFrom(loadConfig(GatewayEnvironment, { ...required, APP_ENV }));

describe("the gateway's development tools", () => {
  it("are on in development: the mailbox, the digest tools and the API docs page", () => {
    expect(settingsIn("development")).toMatchObject({ devMailbox: true, devDigest: true, apiDocs: true });
  });

  it("are off in production, the default", () => {
    expect(settingsIn("production")).toMatchObject({ devMailbox: false, devDigest: false, apiDocs: false });
    expect(gatewaySettingsFrom(loadConfig(GatewayEnvironment, required)).apiDocs).toBe(false);
  });
});

describe("the gateway's rate limits", () => {
  it("default to the README's figures", () => {
    expect(gatewaySettingsFrom(loadConfig(GatewayEnvironment, required))).toMatchObject({
      signInRateLimit: { max: 10, windowSeconds: 60 },
      searchRateLimit: 30,
      summaryRateLimit: 20,
      summaryToolRateLimit: 5,
      abandonmentRateLimit: 5,
      newsletterRateLimit: 5,
      checkoutRateLimit: 10,
      accountChangeRateLimit: 10,
    });
  });

  it("each come from its own variable", () => {
    const env = {
      ...required,
      SIGN_IN_RATE_LIMIT: "11",
      SIGN_IN_RATE_WINDOW_SECONDS: "12",
      SEARCH_RATE_LIMIT: "13",
      SUMMARY_RATE_LIMIT: "14",
      SUMMARY_TOOL_RATE_LIMIT: "15",
      ABANDONMENT_RATE_LIMIT: "16",
      NEWSLETTER_RATE_LIMIT: "17",
      CHECKOUT_RATE_LIMIT: "18",
      ACCOUNT_CHANGE_RATE_LIMIT: "19",
    };
    expect(gatewaySettingsFrom(loadConfig(GatewayEnvironment, env))).toMatchObject({
      signInRateLimit: { max: 11, windowSeconds: 12 },
      searchRateLimit: 13,
      summaryRateLimit: 14,
      summaryToolRateLimit: 15,
      abandonmentRateLimit: 16,
      newsletterRateLimit: 17,
      checkoutRateLimit: 18,
      accountChangeRateLimit: 19,
    });
  });
});
