import Type from "typebox";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./load-config.ts";

const Schema = Type.Object({
  PORT: Type.Integer({ minimum: 1, maximum: 65535, default: 3000 }),
  DATABASE_URL: Type.Optional(Type.String({ minLength: 1 })),
  SESSION_SECRET: Type.String({ minLength: 32 }),
  APP_ENV: Type.Union([Type.Literal("development"), Type.Literal("production")], { default: "production" }),
});

describe("loadConfig", () => {
  it("converts, defaults and ignores variables the schema does not name", () => {
    const config = loadConfig(Schema, { PORT: "8080", SESSION_SECRET: "x".repeat(32), HOME: "/root" });
    expect(config).toEqual({ PORT: 8080, SESSION_SECRET: "x".repeat(32), APP_ENV: "production" });
  });

  it("treats an empty variable as unset", () => {
    expect(loadConfig(Schema, { PORT: "", SESSION_SECRET: "y".repeat(32) }).PORT).toBe(3000);
  });

  it("names every wrong or missing variable and hides secret values", () => {
    const attempt = () => loadConfig(Schema, { PORT: "80x", APP_ENV: "staging" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('PORT must be integer (got "80x")');
      expect(message).toContain("SESSION_SECRET must be set");
      expect(message).toContain("APP_ENV");
    }
    expect(() => loadConfig(Schema, { SESSION_SECRET: "short-secret" })).toThrow(
      /SESSION_SECRET .*\(value hidden\)/,
    );
  });
});
