import { ConfigError, type Environment, loadConfig } from "@tubedigest/config";
import { describe, expect, it } from "vitest";
import { SummariserEnvironment, summariserSettingsFrom } from "./config.ts";

const required = {
  DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres",
  RABBITMQ_URL: "amqp://guest:guest@127.0.0.1:5672",
  IDENTITY_SECRET: "a-secret-of-thirty-two-characters-at-least",
  CATALOG_URL: "http://catalog:4002",
  BILLING_URL: "http://billing:4003",
  SPEECH_TO_TEXT_API_KEY: "sk-test",
};

function problemsOf(env: Environment): readonly string[] {
  try {
    loadConfig(SummariserEnvironment, { ...required, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("the environment was accepted");
}

describe("yt-dlp's proof-of-origin token server", () => {
  it("is handed to speech-to-text when set, and absent when not", () => {
    const settings = (env: Environment) =>
      summariserSettingsFrom(loadConfig(SummariserEnvironment, { ...required, ...env })).transcripts;
    expect(settings({ YT_DLP_POT_PROVIDER_URL: "http://bgutil:4416" }).speechToText?.potProviderUrl).toBe(
      "http://bgutil:4416",
    );
    expect(settings({}).speechToText?.potProviderUrl).toBeUndefined();
  });

  it("stops start-up when it is not an http(s) URL, saying so", () => {
    const problems = problemsOf({ YT_DLP_POT_PROVIDER_URL: "bgutil:4416" });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /YT_DLP_POT_PROVIDER_URL.*must be a URL starting with http:\/\/ or https:\/\//,
    );
  });
});
