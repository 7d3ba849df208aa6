import { isIPv6 } from "node:net";
import { describeAddress } from "@tubedigest/http";
import type { Static } from "typebox";
import { billingTestMode, type StandaloneEnvironment } from "./config.ts";

type Environment = Static<typeof StandaloneEnvironment>;

const EVERY_INTERFACE = new Set(["0.0.0.0", "::", "[::]"]);
const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|::1|\[::1\])$/;

/** The address to open for HOST and PORT, and who can reach it, said truthfully. */
export function addressToOpen(host: string, port: number): { url: string; reach: string } {
  if (EVERY_INTERFACE.has(host)) {
    return { url: `http://localhost:${port}`, reach: "listening on all interfaces" };
  }
  const name = isIPv6(host) ? `[${host}]` : host;
  return {
    url: `http://${name}:${port}`,
    reach: LOOPBACK.test(host) ? "this machine only" : `listening on ${host} only`,
  };
}

function paymentsPart(env: Environment): string {
  const testMode = billingTestMode(env) ? ", test mode on (checkout's skip button)" : "";
  if (!env.STRIPE_SECRET_KEY) {
    return testMode
      ? "test mode only (set STRIPE_SECRET_KEY for card payments)"
      : "none: set STRIPE_SECRET_KEY";
  }
  return `Stripe, ${env.STRIPE_SECRET_KEY.includes("_live_") ? "live" : "test"} keys${testMode}`;
}

function summariesPart(env: Environment): string {
  const captions =
    (env.TRANSCRIPT_SOURCE ?? (env.YOUTUBE_API_KEY ? "youtube" : "demo")) === "demo"
      ? "the demo catalog's transcripts"
      : "YouTube's captions";
  const writer = env.OPENAI_API_KEY
    ? `${env.OPENAI_MODEL} at ${env.OPENAI_BASE_URL ? describeAddress(env.OPENAI_BASE_URL) : "OpenAI"}`
    : "embedded extractive summariser (set OPENAI_API_KEY for a model)";
  return `${writer}, from ${captions}`;
}

function mailPart(env: Environment, url: string): string {
  if (env.SMTP_URL) return `SMTP at ${describeAddress(env.SMTP_URL)}`;
  return env.APP_ENV === "development"
    ? `files in the data folder, read at ${env.PUBLIC_ORIGIN ?? url}/dev/mailbox (set SMTP_URL to send)`
    : "files in the data folder only: set SMTP_URL to send";
}

/**
 * What a person needs once the product runs, printed before any request is logged: the address to open,
 * which parts are embedded and which are real, and where the embedded data lives.
 */
export function startUpSummary(env: Environment, port: number, dataDir: string): string {
  const address = addressToOpen(env.HOST, port);
  const open = env.PUBLIC_ORIGIN
    ? `open ${env.PUBLIC_ORIGIN} (served here at ${address.url}, ${address.reach})`
    : `open ${address.url} (${address.reach})`;
  const parts: [string, string][] = [
    [
      "database",
      env.DATABASE_URL ? `PostgreSQL at ${describeAddress(env.DATABASE_URL)}` : "embedded (PGlite)",
    ],
    [
      "sessions, rate limits",
      env.REDIS_URL
        ? `Redis at ${describeAddress(env.REDIS_URL)}`
        : "embedded, in memory (a restart signs everyone out)",
    ],
    [
      "events",
      env.RABBITMQ_URL ? `RabbitMQ at ${describeAddress(env.RABBITMQ_URL)}` : "embedded, in this process",
    ],
    [
      "schedules",
      env.REDIS_URL
        ? `BullMQ on Redis at ${describeAddress(env.REDIS_URL)}`
        : "embedded, timers in this process",
    ],
    [
      "YouTube",
      env.YOUTUBE_API_KEY
        ? "YouTube Data API"
        : "demo catalog of made-up channels (set YOUTUBE_API_KEY for real ones)",
    ],
    ["payments", paymentsPart(env)],
    ["summaries", summariesPart(env)],
    ["e-mail", mailPart(env, address.url)],
  ];
  if (!env.DATABASE_URL) parts.push(["data", dataDir]);
  const width = Math.max(...parts.map(([name]) => name.length));
  return [
    "",
    `tubedigest is running: ${open}`,
    "",
    ...parts.map(([name, value]) => `  ${name.padEnd(width)}  ${value}`),
    "",
    "Press Ctrl-C to stop.",
    "",
  ].join("\n");
}
