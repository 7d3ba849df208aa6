import Type, { type TObject } from "typebox";
import { describe, expect, it } from "vitest";
import { ConfigError, type Environment, loadConfig } from "./load-config.ts";
import { AppEnv, Host, LogLevel, Matching, Origin, Port, Url } from "./schemas.ts";

const Schema = Type.Object({
  PORT: Port({ default: 3000 }),
  HOST: Host("127.0.0.1"),
  LOG_LEVEL: LogLevel,
  APP_ENV: AppEnv("production"),
  DATABASE_URL: Type.Optional(Url(["postgres", "postgresql"])),
  SESSION_SECRET: Type.String({ minLength: 32 }),
  SIGN_IN_RATE_LIMIT: Type.Integer({ minimum: 1, default: 10 }),
});

const secret = "x".repeat(32);

/** The problems loadConfig reports for an environment, one line each. */
function problemsOf(env: Environment, schema: TObject = Schema): readonly string[] {
  try {
    loadConfig(schema, env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("the environment was accepted");
}

describe("loadConfig", () => {
  it("converts, defaults and ignores variables the schema does not name", () => {
    const config = loadConfig(Schema, { PORT: "8080", SESSION_SECRET: secret, HOME: "/root" });
    expect(config).toEqual({
      PORT: 8080,
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      APP_ENV: "production",
      SESSION_SECRET: secret,
      SIGN_IN_RATE_LIMIT: 10,
    });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig(Schema, { PORT: "", SESSION_SECRET: secret }).PORT).toBe(3000);
  });

  it("names every wrong or missing variable at once, in the schema's order", () => {
    expect(problemsOf({ PORT: "80x", APP_ENV: "staging" })).toEqual([
      'PORT must be a whole number (got "80x")',
      'APP_ENV must be one of: development, production (got "staging")',
      "SESSION_SECRET must be set",
    ]);
  });

  it("hides secrets and the password of a URL", () => {
    expect(problemsOf({ SESSION_SECRET: "short-secret" })).toEqual([
      "SESSION_SECRET must be at least 32 characters long (value hidden)",
    ]);
    expect(problemsOf({ SESSION_SECRET: secret, DATABASE_URL: "mysql://app:hunter2@db:3306/app" })).toEqual([
      'DATABASE_URL must be a URL starting with postgres:// or postgresql:// (got "mysql://app:***@db:3306/app")',
    ]);
  });

  it("refuses a log level pino does not have, listing the ones it has", () => {
    expect(problemsOf({ SESSION_SECRET: secret, LOG_LEVEL: "verbose" })).toEqual([
      'LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent (got "verbose")',
    ]);
    expect(loadConfig(Schema, { SESSION_SECRET: secret, LOG_LEVEL: "silent" }).LOG_LEVEL).toBe("silent");
  });

  it("takes an IP address or a host name to listen on, and nothing else", () => {
    for (const host of ["0.0.0.0", "127.0.0.1", "::", "::1", "localhost", "api.internal", "db-1"]) {
      expect(loadConfig(Schema, { SESSION_SECRET: secret, HOST: host }).HOST).toBe(host);
    }
    for (const host of ["999.1.1.1", "1.2.3", "local host", "http://localhost", "-bad.example", "a..b"]) {
      expect(problemsOf({ SESSION_SECRET: secret, HOST: host })).toEqual([
        `HOST must be an IP address (such as 0.0.0.0, 127.0.0.1 or ::) or a host name (such as localhost) (got "${host}")`,
      ]);
    }
  });

  it("refuses an integer written as anything but whole digits, instead of rounding it", () => {
    for (const written of ["1.5", "1e3", "0x10", "ten", "1 0"]) {
      expect(problemsOf({ SESSION_SECRET: secret, SIGN_IN_RATE_LIMIT: written })).toEqual([
        `SIGN_IN_RATE_LIMIT must be a whole number (got "${written}")`,
      ]);
    }
    expect(loadConfig(Schema, { SESSION_SECRET: secret, SIGN_IN_RATE_LIMIT: "+7" }).SIGN_IN_RATE_LIMIT).toBe(
      7,
    );
  });

  it("lists a union's values: APP_ENV=prod is not production", () => {
    expect(problemsOf({ SESSION_SECRET: secret, APP_ENV: "prod" })).toEqual([
      'APP_ENV must be one of: development, production (got "prod")',
    ]);
  });

  it("says in words what every kind of check expects", () => {
    const Kinds = Type.Object({
      LOW: Type.Integer({ minimum: 1 }),
      ABOVE: Type.Number({ exclusiveMinimum: 0 }),
      HIGH: Port(),
      BELOW: Type.Number({ exclusiveMaximum: 1 }),
      STEP: Type.Integer({ multipleOf: 5 }),
      RATIO: Type.Number(),
      SHORT: Type.String({ maxLength: 3 }),
      PATTERNED: Type.String({ pattern: "^[a-z]+$" }),
      FORMATTED: Type.String({ format: "email" }),
      FLAG: Type.Boolean(),
      FIXED: Type.Literal("v1"),
      PICK: Type.Enum(["red", "green"]),
      SCHEMA: Matching(/^[a-z_][a-z0-9_]*$/, "a schema name: lower-case letters, digits and _"),
      ORIGIN: Origin(),
      BROKER: Url(["amqp", "amqps"]),
    });
    expect(
      problemsOf(
        {
          LOW: "0",
          ABOVE: "0",
          HIGH: "70000",
          BELOW: "1",
          STEP: "7",
          RATIO: "half",
          SHORT: "four",
          PATTERNED: "ABC",
          FORMATTED: "not-an-address",
          FLAG: "maybe",
          FIXED: "v2",
          PICK: "blue",
          SCHEMA: "Auth",
          ORIGIN: "https://example.com/app",
          BROKER: "localhost:5672",
        },
        Kinds,
      ),
    ).toEqual([
      'LOW must be at least 1 (got "0")',
      'ABOVE must be more than 0 (got "0")',
      'HIGH must be at most 65535 (got "70000")',
      'BELOW must be less than 1 (got "1")',
      'STEP must be a multiple of 5 (got "7")',
      'RATIO must be a number (got "half")',
      'SHORT must be at most 3 characters long (got "four")',
      'PATTERNED must match the pattern ^[a-z]+$ (got "ABC")',
      'FORMATTED must be a valid email (got "not-an-address")',
      'FLAG must be true or false (got "maybe")',
      'FIXED must be v1 (got "v2")',
      'PICK must be one of: red, green (got "blue")',
      'SCHEMA must be a schema name: lower-case letters, digits and _ (got "Auth")',
      'ORIGIN must be an origin: http:// or https://, the host and an optional port, nothing after (got "https://example.com/app")',
      'BROKER must be a URL starting with amqp:// or amqps:// (got "localhost:5672")',
    ]);
  });

  it("checks the rules between variables once each is right on its own, in the rules' own words", () => {
    const Paired = Type.Refine(
      Type.Object({
        PORT: Port({ default: 3000 }),
        USER: Type.Optional(Type.String()),
        PASS: Type.Optional(Type.String({ minLength: 4 })),
      }),
      (env) => (env.USER === undefined) === (env.PASS === undefined),
      () => "USER and PASS must be set together",
    );
    expect(loadConfig(Paired, {})).toEqual({ PORT: 3000 });
    expect(loadConfig(Paired, { USER: "ann", PASS: "long" })).toEqual({
      PORT: 3000,
      USER: "ann",
      PASS: "long",
    });
    expect(problemsOf({ USER: "ann" }, Paired)).toEqual(["USER and PASS must be set together"]);
    // A variable wrong on its own is named first, and alone: the rule could not have read it anyway.
    expect(problemsOf({ PASS: "abc" }, Paired)).toEqual([
      'PASS must be at least 4 characters long (got "abc")',
    ]);
  });

  it("states the problems in one message meant for a person", () => {
    expect(() => loadConfig(Schema, { LOG_LEVEL: "verbose" })).toThrow(
      'Invalid configuration:\n  - LOG_LEVEL must be one of: fatal, error, warn, info, debug, trace, silent (got "verbose")\n  - SESSION_SECRET must be set',
    );
  });
});
