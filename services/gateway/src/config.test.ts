import { ConfigError, DEVELOPMENT_SITE, loadConfig } from "@tubedigest/config";
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
  // Required in production, which is the gateway's default.
  SUPPORT_EMAIL: "help@tubedigest.example",
  OPERATOR_NAME: "Tubedigest Ltd",
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
  const settingsFrom = (env: Record<string, string>) =>
    gatewaySettingsFrom(loadConfig(GatewayEnvironment, { ...required, ...env }));

  it.each([
    ["SEARCH_RATE_LIMIT", "searchRateLimit", 30],
    ["SUMMARY_RATE_LIMIT", "summaryRateLimit", 20],
    ["SUMMARY_TOOL_RATE_LIMIT", "summaryToolRateLimit", 5],
    ["ABANDONMENT_RATE_LIMIT", "abandonmentRateLimit", 5],
    ["NEWSLETTER_RATE_LIMIT", "newsletterRateLimit", 5],
    ["CHECKOUT_RATE_LIMIT", "checkoutRateLimit", 10],
    ["ACCOUNT_CHANGE_RATE_LIMIT", "accountChangeRateLimit", 10],
  ] as const)("%s sets %s, %i when unset", (variable, setting, byDefault) => {
    expect(settingsFrom({})[setting]).toBe(byDefault);
    expect(settingsFrom({ [variable]: "77" })[setting]).toBe(77);
  });

  it("counts SIGN_IN_RATE_LIMIT attempts per SIGN_IN_RATE_WINDOW_SECONDS, 10 a minute when unset", () => {
    expect(settingsFrom({}).signInRateLimit).toEqual({ max: 10, windowSeconds: 60 });
    expect(
      settingsFrom({ SIGN_IN_RATE_LIMIT: "11", SIGN_IN_RATE_WINDOW_SECONDS: "12" }).signInRateLimit,
    ).toEqual({ max: 11, windowSeconds: 12 });
  });
});

describe("the support address and the operator the web app shows", () => {
  it("are the ones set, and must be set in production", () => {
    expect(gatewaySettingsFrom(loadConfig(GatewayEnvironment, required)).site).toEqual({
      supportEmail: "help@tubedigest.example",
      operatorName: "Tubedigest Ltd",
    });
    const unset = { ...required, SUPPORT_EMAIL: "", OPERATOR_NAME: "" };
    expect(() => loadConfig(GatewayEnvironment, unset)).toThrow(ConfigError);
    expect(() => loadConfig(GatewayEnvironment, unset)).toThrow(
      "SUPPORT_EMAIL and OPERATOR_NAME must be set with APP_ENV=production",
    );
  });

  it("are development's own while unset there", () => {
    const unset = { ...required, APP_ENV: "development", SUPPORT_EMAIL: "", OPERATOR_NAME: "" };
    expect(gatewaySettingsFrom(loadConfig(GatewayEnvironment, unset)).site).toEqual(DEVELOPMENT_SITE);
  });
});
