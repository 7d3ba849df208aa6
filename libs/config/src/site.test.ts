import Type from "typebox";
import { describe, expect, it } from "vitest";
import { ConfigError, type Environment, loadConfig } from "./load-config.ts";
import { AppEnv } from "./schemas.ts";
import { DEVELOPMENT_SITE, SiteEnvironment, siteSettingsFrom, withSiteRules } from "./site.ts";

const Schema = withSiteRules(Type.Object({ APP_ENV: AppEnv("production"), ...SiteEnvironment }));

const problemsOf = (env: Environment): readonly string[] => {
  try {
    loadConfig(Schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe("the support address and the operator", () => {
  it("are what the environment names", () => {
    const env = loadConfig(Schema, {
      SUPPORT_EMAIL: "help@tubedigest.example",
      OPERATOR_NAME: "Tubedigest Ltd",
    });
    expect(siteSettingsFrom(env)).toEqual({
      supportEmail: "help@tubedigest.example",
      operatorName: "Tubedigest Ltd",
    });
  });

  it("default in development to a local address and a plain name", () => {
    const env = loadConfig(Schema, { APP_ENV: "development" });
    expect(siteSettingsFrom(env)).toEqual(DEVELOPMENT_SITE);
    expect(DEVELOPMENT_SITE.supportEmail).toMatch(/@[\w.]+\.localhost$/);
  });

  it("must both be set in production, each one missing named", () => {
    const must =
      "must be set with APP_ENV=production: every page and e-mail names the support address and the operator";
    expect(problemsOf({})).toEqual([`SUPPORT_EMAIL and OPERATOR_NAME ${must}`]);
    expect(problemsOf({ SUPPORT_EMAIL: "help@tubedigest.example" })).toEqual([`OPERATOR_NAME ${must}`]);
    expect(problemsOf({ OPERATOR_NAME: "Tubedigest Ltd" })).toEqual([`SUPPORT_EMAIL ${must}`]);
  });

  it("take one e-mail address as the support address, and a name of reasonable length", () => {
    expect(problemsOf({ SUPPORT_EMAIL: "Help <help@tubedigest.example>", OPERATOR_NAME: "Ltd" })).toEqual([
      'SUPPORT_EMAIL must be one e-mail address, such as support@tubedigest.example (got "Help <help@tubedigest.example>")',
    ]);
    expect(problemsOf({ SUPPORT_EMAIL: "help@tubedigest.example", OPERATOR_NAME: "x".repeat(121) })).toEqual([
      `OPERATOR_NAME must be at most 120 characters long (got "${"x".repeat(121)}")`,
    ]);
  });
});
