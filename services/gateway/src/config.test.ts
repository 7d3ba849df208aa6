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
