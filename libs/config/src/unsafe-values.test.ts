import Type, { type TObject } from "typebox";
import { describe, expect, it } from "vitest";
import { ConfigError, type Environment, loadConfig } from "./load-config.ts";
import { AppEnv, Matching, Url } from "./schemas.ts";

/** The shape of a service's environment: signing secrets, a tool password, a database, Stripe, test mode. */
const Schema = Type.Object({
  APP_ENV: AppEnv("production"),
  DATABASE_URL: Type.Optional(Url(["postgres", "postgresql"])),
  SESSION_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  CLAIM_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  IDENTITY_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  SUMMARY_TOOL_PASSWORD: Type.Optional(Type.String({ minLength: 8 })),
  SUMMARY_TOKEN_BUDGET: Type.Integer({ default: 200_000 }),
  STRIPE_SECRET_KEY: Type.Optional(Matching(/^(sk|rk)_(test|live)_\S+$/, "a Stripe secret key")),
  STRIPE_PUBLISHABLE_KEY: Type.Optional(Matching(/^pk_(test|live)_\S+$/, "a Stripe publishable key")),
  BILLING_TEST_MODE: Type.Optional(Type.Union([Type.Literal("true"), Type.Literal("false")])),
});

const own = {
  SESSION_SECRET: "3b8f0c1e9a7d4f2b6c5e8a1d0f9b7c3e",
  CLAIM_SECRET: "9d2e7a4c1b8f6e3d0a5c9b2f7e4d1a8c",
  IDENTITY_SECRET: "f1a6c3e8b5d2f9a4c7e0b3d6a9f2c5e8",
};

function problemsOf(env: Environment, schema: TObject = Schema): readonly string[] {
  try {
    loadConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("start-up refuses unsafe values", () => {
  it("starts with secrets of its own, in production and in development", () => {
    expect(problemsOf(own)).toEqual([]);
    expect(problemsOf({ ...own, APP_ENV: "development" })).toEqual([]);
  });

  it.each([
    ["k8s/base/secrets.example.env", "SESSION_SECRET", "REPLACE_WITH_32_OR_MORE_RANDOM_CHARACTERS"],
    [".env.example", "CLAIM_SECRET", "dev-only-claim-secret-change-me-0123456789ab"],
    ["a hand-written note", "IDENTITY_SECRET", "changeme-changeme-changeme-changeme"],
    ["the docs", "IDENTITY_SECRET", "an-example-identity-secret-of-32-characters"],
    ["k8s/base/secrets.example.env", "SUMMARY_TOOL_PASSWORD", "REPLACE_OR_REMOVE"],
  ])("refuses %s's placeholder as %s, in either environment, without showing it", (_from, name, value) => {
    for (const APP_ENV of ["production", "development"]) {
      const problems = problemsOf({ ...own, APP_ENV, [name]: value });
      expect(problems).toEqual([
        `${name} is a placeholder from an example: set a value of your own (e.g. openssl rand -hex 32)`,
      ]);
      expect(problems.join("\n")).not.toContain(value);
    }
  });

  it("refuses a placeholder password inside a URL (postgres://USER:PASSWORD@…)", () => {
    expect(
      problemsOf({ ...own, DATABASE_URL: "postgres://USER:PASSWORD@POSTGRES_HOST:5432/DATABASE" }),
    ).toEqual([
      "the password in DATABASE_URL is a placeholder from an example: set a value of your own (e.g. openssl rand -hex 32)",
    ]);
    expect(problemsOf({ ...own, DATABASE_URL: "postgres://app:s3cr3t-of-ours@db:5432/app" })).toEqual([]);
  });

  it("refuses a development setup's committed values in production only", () => {
    const dev = {
      ...own,
      SESSION_SECRET: "dev-only-session-secret-not-for-production-0000",
      DATABASE_URL: "postgres://tubedigest:dev-only-postgres-password@postgres:5432/tubedigest",
    };
    expect(problemsOf({ ...dev, APP_ENV: "development" })).toEqual([]);
    expect(problemsOf({ ...dev, APP_ENV: "production" })).toEqual([
      "the password in DATABASE_URL is a development value (dev-only-…), refused with APP_ENV=production: set a value of your own",
      "SESSION_SECRET is a development value (dev-only-…), refused with APP_ENV=production: set a value of your own",
    ]);
  });

  it("refuses one value used for two secrets, naming both and neither value, in either environment", () => {
    for (const APP_ENV of ["production", "development"]) {
      const problems = problemsOf({ ...own, APP_ENV, IDENTITY_SECRET: own.SESSION_SECRET });
      expect(problems).toEqual([
        "SESSION_SECRET and IDENTITY_SECRET have the same value: give each secret a value of its own",
      ]);
      expect(problems.join("\n")).not.toContain(own.SESSION_SECRET);
    }
    expect(
      problemsOf({
        SESSION_SECRET: own.CLAIM_SECRET,
        CLAIM_SECRET: own.CLAIM_SECRET,
        IDENTITY_SECRET: own.CLAIM_SECRET,
      }),
    ).toEqual([
      "SESSION_SECRET, CLAIM_SECRET and IDENTITY_SECRET have the same value: give each secret a value of its own",
    ]);
  });

  it("refuses test mode and Stripe's test keys in production, and takes them in development", () => {
    const testing = {
      ...own,
      BILLING_TEST_MODE: "true",
      STRIPE_SECRET_KEY: "sk_test_51Habc",
      STRIPE_PUBLISHABLE_KEY: "pk_test_51Habc",
    };
    expect(problemsOf({ ...testing, APP_ENV: "development" })).toEqual([]);
    expect(problemsOf({ ...testing, APP_ENV: "production" })).toEqual([
      "BILLING_TEST_MODE=true lets plans start without payment, refused with APP_ENV=production: set it to false",
      "STRIPE_SECRET_KEY is a Stripe test key, refused with APP_ENV=production: use the live key (sk_live_…, pk_live_…)",
      "STRIPE_PUBLISHABLE_KEY is a Stripe test key, refused with APP_ENV=production: use the live key (sk_live_…, pk_live_…)",
    ]);
    expect(
      problemsOf({
        ...own,
        BILLING_TEST_MODE: "false",
        STRIPE_SECRET_KEY: "sk_live_51Habc",
        STRIPE_PUBLISHABLE_KEY: "pk_live_51Habc",
      }),
    ).toEqual([]);
  });

  it("reports unsafe values with the schema's own problems, all at once", () => {
    expect(
      problemsOf({
        ...own,
        SESSION_SECRET: "short",
        CLAIM_SECRET: "REPLACE_WITH_32_OR_MORE_RANDOM_CHARACTERS",
      }),
    ).toEqual([
      "SESSION_SECRET must be at least 32 characters long (value hidden)",
      "CLAIM_SECRET is a placeholder from an example: set a value of your own (e.g. openssl rand -hex 32)",
    ]);
  });
});
