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

const transcriptSettings = (env: Environment) =>
  summariserSettingsFrom(loadConfig(SummariserEnvironment, { ...required, ...env })).transcripts;

describe("the proof-of-origin token server", () => {
  it("is handed to the transcript steps when set, and absent when not", () => {
    expect(transcriptSettings({ PO_TOKEN_PROVIDER_URL: "http://bgutil:4416" }).poTokenProviderUrl).toBe(
      "http://bgutil:4416",
    );
    expect(transcriptSettings({}).poTokenProviderUrl).toBeUndefined();
  });

  it("stops start-up when it is not an http(s) URL, saying so", () => {
    const problems = problemsOf({ PO_TOKEN_PROVIDER_URL: "bgutil:4416" });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/PO_TOKEN_PROVIDER_URL.*must be a URL starting with http:\/\/ or https:\/\//);
  });
});

describe("the transcript chain's steps", () => {
  it("are every configured step, free before paid, when TRANSCRIPT_STEPS is unset", () => {
    expect(transcriptSettings({}).steps).toEqual(["innertube", "captions", "speech-to-text"]);
    expect(transcriptSettings({ GEMINI_API_KEY: "g-key", TRANSCRIPT_API_KEY: "sd" }).steps).toEqual([
      "innertube",
      "captions",
      "transcript-api",
      "gemini",
      "speech-to-text",
    ]);
  });

  it("are tried in the order TRANSCRIPT_STEPS names them", () => {
    const settings = transcriptSettings({ TRANSCRIPT_STEPS: "gemini,captions", GEMINI_API_KEY: "g-key" });
    expect(settings.steps).toEqual(["gemini", "captions"]);
    expect(settings.gemini).toMatchObject({ apiKey: "g-key", model: "gemini-2.5-flash", maxMinutes: 120 });
  });

  it("stop start-up when a named step lacks its key, or is not a step", () => {
    let problems: readonly string[] = [];
    try {
      transcriptSettings({ TRANSCRIPT_STEPS: "innertube,gemini" });
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(problems).toEqual(["TRANSCRIPT_STEPS names gemini, which needs GEMINI_API_KEY to be set"]);
    expect(problemsOf({ TRANSCRIPT_STEPS: "innertube,scraper" })[0]).toMatch(/TRANSCRIPT_STEPS/);
  });

  it("ask InnerTube as the clients named, in order", () => {
    expect(transcriptSettings({}).innertubeClients).toEqual(["ANDROID", "IOS", "TV"]);
    expect(transcriptSettings({ INNERTUBE_CLIENTS: "TV,IOS" }).innertubeClients).toEqual(["TV", "IOS"]);
    expect(problemsOf({ INNERTUBE_CLIENTS: "ANDROID,NOKIA" })[0]).toMatch(/INNERTUBE_CLIENTS/);
  });
});
