import { loadConfig } from "@tubedigest/config";
import { describe, expect, it } from "vitest";
import { StandaloneEnvironment } from "./config.ts";
import { addressToOpen, startUpSummary } from "./start-up-summary.ts";

describe("the address to open", () => {
  it.each([
    ["127.0.0.1", "http://127.0.0.1:3000", "this machine only"],
    ["localhost", "http://localhost:3000", "this machine only"],
    ["::1", "http://[::1]:3000", "this machine only"],
    ["0.0.0.0", "http://localhost:3000", "listening on all interfaces"],
    ["::", "http://localhost:3000", "listening on all interfaces"],
    ["192.168.1.20", "http://192.168.1.20:3000", "listening on 192.168.1.20 only"],
    ["fd00::20", "http://[fd00::20]:3000", "listening on fd00::20 only"],
  ])("for HOST=%s is %s (%s)", (host, url, reach) => {
    expect(addressToOpen(host, 3000)).toEqual({ url, reach });
  });
});

/** What production must name, beside the parts a summary describes. */
const PRODUCTION_SITE = { SUPPORT_EMAIL: "help@digest.example.com", OPERATOR_NAME: "Digest Example Ltd" };

describe("the start-up summary", () => {
  it("names the real parts by address, never by password, and no data folder when nothing is kept there", () => {
    const env = loadConfig(StandaloneEnvironment, {
      HOST: "0.0.0.0",
      DATABASE_URL: "postgres://app:hunter2@db.internal:5433/tubedigest",
      REDIS_URL: "redis://:hunter2@cache.internal:6379",
      RABBITMQ_URL: "amqp://app:hunter2@broker.internal",
      YOUTUBE_API_KEY: "a-key",
      PUBLIC_ORIGIN: "https://digest.example.com",
      APP_ENV: "production",
      ...PRODUCTION_SITE,
      STRIPE_SECRET_KEY: "sk_live_hunter2",
      OPENAI_API_KEY: "sk-hunter2",
      OPENAI_BASE_URL: "http://llm.internal:11434/v1",
      OPENAI_MODEL: "llama3.1:8b",
      SMTP_URL: "smtps://mailer:hunter2@smtp.internal:465",
    });
    const summary = startUpSummary(env, 3000, "/var/lib/tubedigest");
    expect(summary).toBe(
      [
        "",
        "tubedigest is running: open https://digest.example.com (served here at http://localhost:3000, listening on all interfaces)",
        "",
        "  database               PostgreSQL at db.internal:5433/tubedigest",
        "  sessions, rate limits  Redis at cache.internal:6379",
        "  events                 RabbitMQ at broker.internal:5672",
        "  schedules              BullMQ on Redis at cache.internal:6379",
        "  YouTube                YouTube Data API",
        "  payments               Stripe, live keys",
        "  summaries              llama3.1:8b at llm.internal:11434/v1, from YouTube's captions",
        "  e-mail                 SMTP at smtp.internal:465",
        "",
        "Press Ctrl-C to stop.",
        "",
      ].join("\n"),
    );
    expect(summary).not.toContain("hunter2");
  });

  it("says payments are test mode only without a Stripe key in development, and none in production", () => {
    const summary = (extra: Record<string, string>) =>
      startUpSummary(loadConfig(StandaloneEnvironment, extra), 3000, ".data");
    expect(summary({})).toContain(
      "payments               test mode only (set STRIPE_SECRET_KEY for card payments)",
    );
    expect(summary({ APP_ENV: "production", ...PRODUCTION_SITE })).toContain(
      "payments               none: set STRIPE_SECRET_KEY",
    );
    expect(summary({ STRIPE_SECRET_KEY: "sk_test_x" })).toContain(
      "payments               Stripe, test keys, test mode on (checkout's skip button)",
    );
  });

  it("says where e-mail goes: the development mailbox by default, files only in production", () => {
    const summary = (extra: Record<string, string>) =>
      startUpSummary(loadConfig(StandaloneEnvironment, extra), 3000, ".data");
    expect(summary({})).toContain(
      "e-mail                 files in the data folder, read at http://127.0.0.1:3000/dev/mailbox (set SMTP_URL to send)",
    );
    expect(summary({ APP_ENV: "production", ...PRODUCTION_SITE })).toContain(
      "e-mail                 files in the data folder only: set SMTP_URL to send",
    );
  });

  it("says which writer summarises and from what, the embedded one by default", () => {
    const summary = (extra: Record<string, string>) =>
      startUpSummary(loadConfig(StandaloneEnvironment, extra), 3000, ".data");
    expect(summary({})).toContain(
      "summaries              embedded extractive summariser (set OPENAI_API_KEY for a model), from the demo catalog's transcripts",
    );
    expect(summary({ OPENAI_API_KEY: "sk-x", TRANSCRIPT_SOURCE: "youtube" })).toContain(
      "summaries              gpt-4o-mini at OpenAI, from YouTube's captions",
    );
  });
});
