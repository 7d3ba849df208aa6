import { ConfigError, DEVELOPMENT_SITE, loadConfig, siteSettingsFrom } from "@tubedigest/config";
import { describe, expect, it } from "vitest";
import { StandaloneEnvironment } from "./config.ts";

describe("make start's support address and operator", () => {
  it("are development's own while unset, as make start runs by default", () => {
    expect(siteSettingsFrom(loadConfig(StandaloneEnvironment, {}))).toEqual(DEVELOPMENT_SITE);
  });

  it("are the ones set, and must be set with APP_ENV=production", () => {
    const site = { SUPPORT_EMAIL: "help@tubedigest.example", OPERATOR_NAME: "Tubedigest Ltd" };
    expect(siteSettingsFrom(loadConfig(StandaloneEnvironment, site))).toEqual({
      supportEmail: "help@tubedigest.example",
      operatorName: "Tubedigest Ltd",
    });
    expect(() => loadConfig(StandaloneEnvironment, { APP_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig(StandaloneEnvironment, { APP_ENV: "production" })).toThrow(
      "SUPPORT_EMAIL and OPERATOR_NAME must be set with APP_ENV=production",
    );
    expect(() => loadConfig(StandaloneEnvironment, { APP_ENV: "production", ...site })).not.toThrow();
  });
});
