#!/usr/bin/env node
// `make stack`: every service as its own process against the real Postgres, Redis and RabbitMQ (the
// local ones unless DATABASE_URL / REDIS_URL / RABBITMQ_URL say otherwise), as compose and Kubernetes
// run them. Run with `node --import tsx`, so it shares the configuration checks and the locally made
// secrets of `make start`.
import { spawn } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { AppEnv, Host, loadConfigOrExit, Port, Url } from "@tubedigest/config";
import Type from "typebox";
import { localSecrets } from "../services/standalone/src/local-secrets.ts";
import { SummariserAiEnvironment } from "../services/summariser/src/config.ts";

/** What the stack itself decides; every other variable goes on to the services, which check their own. */
const StackEnvironment = Type.Object({
  AUTH_PORT: Port({ default: 4001 }),
  CATALOG_PORT: Port({ default: 4002 }),
  BILLING_PORT: Port({ default: 4003 }),
  SUMMARISER_PORT: Port({ default: 4004 }),
  MAILER_PORT: Port({ default: 4005 }),
  SCHEDULER_PORT: Port({ default: 4006 }),
  /** The gateway's metrics stay on this host unless asked otherwise. */
  METRICS_HOST: Host("127.0.0.1"),
  DATA_DIR: Type.String({ default: ".data" }),
  APP_ENV: AppEnv("development"),
  DATABASE_URL: Url(["postgres", "postgresql"], { default: "postgres://postgres@127.0.0.1:5432/postgres" }),
  REDIS_URL: Url(["redis", "rediss"], { default: "redis://127.0.0.1:6379" }),
  RABBITMQ_URL: Url(["amqp", "amqps"], { default: "amqp://guest:guest@127.0.0.1:5672" }),
  SESSION_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  CLAIM_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  IDENTITY_SECRET: Type.Optional(Type.String({ minLength: 32 })),
  /** Read here only for the summariser's transcripts, which follow it when TRANSCRIPT_SOURCE is unset. */
  YOUTUBE_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  TRANSCRIPT_SOURCE: SummariserAiEnvironment.TRANSCRIPT_SOURCE,
});

const stack = loadConfigOrExit(StackEnvironment);
// The same secrets.json as `make start`: a restart keeps everyone signed in, since sessions live in Redis.
mkdirSync(stack.DATA_DIR, { recursive: true, mode: 0o700 });
const secrets = localSecrets(stack.DATA_DIR);
// One secret for all: the gateway signs the caller header with it, auth, catalog, billing, the summariser
// and the mailer check it (the summariser also signs its own calls to billing with it, the mailer derives
// its unsubscribe links' key from it).
const identitySecret = stack.IDENTITY_SECRET ?? secrets.identitySecret;
// Only the gateway's public port faces the network; everything else listens where only this host reaches.
const loopback = "127.0.0.1";

const services = [
  {
    name: "auth",
    env: {
      HOST: loopback,
      PORT: String(stack.AUTH_PORT),
      DATABASE_URL: stack.DATABASE_URL,
      RABBITMQ_URL: stack.RABBITMQ_URL,
      CLAIM_SECRET: stack.CLAIM_SECRET ?? secrets.claimSecret,
      IDENTITY_SECRET: identitySecret,
    },
  },
  {
    name: "catalog",
    env: {
      HOST: loopback,
      PORT: String(stack.CATALOG_PORT),
      DATABASE_URL: stack.DATABASE_URL,
      RABBITMQ_URL: stack.RABBITMQ_URL,
      REDIS_URL: stack.REDIS_URL,
      IDENTITY_SECRET: identitySecret,
    },
  },
  {
    // Stripe's keys and BILLING_TEST_MODE come from the caller, as the other services' own settings do.
    name: "billing",
    env: {
      HOST: loopback,
      PORT: String(stack.BILLING_PORT),
      DATABASE_URL: stack.DATABASE_URL,
      RABBITMQ_URL: stack.RABBITMQ_URL,
      IDENTITY_SECRET: identitySecret,
    },
  },
  {
    // OPENAI_*, SUMMARY_TOKEN_BUDGET, LLM_CONCURRENCY, YOUTUBE_CAPTIONS_URL, SUMMARY_TOOL_PASSWORD and
    // PREVIEW_WAIT_SECONDS come from the caller; without OPENAI_API_KEY the embedded extractive writer
    // summarises. Transcripts as in `make start`: without YOUTUBE_API_KEY catalog answers with the demo
    // catalog, whose videos only the demo transcripts know, unless the caller names TRANSCRIPT_SOURCE.
    name: "summariser",
    env: {
      HOST: loopback,
      PORT: String(stack.SUMMARISER_PORT),
      DATABASE_URL: stack.DATABASE_URL,
      RABBITMQ_URL: stack.RABBITMQ_URL,
      // Its digest work queue (BullMQ), shared by every summariser process.
      REDIS_URL: stack.REDIS_URL,
      IDENTITY_SECRET: identitySecret,
      CATALOG_URL: `http://${loopback}:${stack.CATALOG_PORT}`,
      BILLING_URL: `http://${loopback}:${stack.BILLING_PORT}`,
      TRANSCRIPT_SOURCE: stack.TRANSCRIPT_SOURCE ?? (stack.YOUTUBE_API_KEY ? "youtube" : "demo"),
    },
  },
  {
    // SMTP_URL, MAIL_FROM, DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY, UNSUBSCRIBE_MAILTO and PUBLIC_URL
    // come from the caller. Without SMTP_URL every message is an .eml file under DATA_DIR/mail, as in
    // `make start`, listed at http://localhost:3000/dev/mailbox in development.
    name: "mailer",
    env: {
      HOST: loopback,
      PORT: String(stack.MAILER_PORT),
      DATABASE_URL: stack.DATABASE_URL,
      RABBITMQ_URL: stack.RABBITMQ_URL,
      IDENTITY_SECRET: identitySecret,
      MAIL_DIR: path.join(stack.DATA_DIR, "mail"),
    },
  },
  {
    // DIGEST_SLOT_PATTERN, UPLOAD_CHECK_PATTERN and SCHEDULE_TIME_ZONE come from the caller. The schedules
    // live in Redis: a second stack on the same Redis shares them, and each slot fires once between them.
    name: "scheduler",
    env: {
      HOST: loopback,
      PORT: String(stack.SCHEDULER_PORT),
      REDIS_URL: stack.REDIS_URL,
      RABBITMQ_URL: stack.RABBITMQ_URL,
    },
  },
  {
    name: "gateway",
    env: {
      // PORT, HOST, METRICS_PORT, TRUST_PROXY, PUBLIC_ORIGIN and the rate limits come from the caller.
      METRICS_HOST: stack.METRICS_HOST,
      REDIS_URL: stack.REDIS_URL,
      SESSION_SECRET: stack.SESSION_SECRET ?? secrets.sessionSecret,
      IDENTITY_SECRET: identitySecret,
      AUTH_URL: `http://${loopback}:${stack.AUTH_PORT}`,
      CATALOG_URL: `http://${loopback}:${stack.CATALOG_PORT}`,
      BILLING_URL: `http://${loopback}:${stack.BILLING_PORT}`,
      SUMMARISER_URL: `http://${loopback}:${stack.SUMMARISER_PORT}`,
      MAILER_URL: `http://${loopback}:${stack.MAILER_PORT}`,
    },
  },
];

const children = services.map(({ name, env: own }) => {
  const child = spawn(process.execPath, ["--enable-source-maps", `services/${name}/dist/main.js`], {
    // Each service gets the caller's environment (LOG_LEVEL, YOUTUBE_*, SIGN_IN_RATE_LIMIT, ...) with the
    // stack's choices on top. DATABASE_SCHEMA is left out: one value would put every service in one schema.
    env: { ...process.env, DATABASE_SCHEMA: undefined, APP_ENV: stack.APP_ENV, ...own },
    stdio: ["ignore", "pipe", "pipe"],
  });
  for (const stream of [child.stdout, child.stderr]) {
    stream.on("data", (chunk) => {
      for (const line of chunk.toString().split("\n").filter(Boolean))
        process.stdout.write(`${name.padEnd(10)}| ${line}\n`);
    });
  }
  child.on("exit", (code, signal) => {
    process.stdout.write(`${name.padEnd(10)}| exited with ${code ?? signal}\n`);
    stopAll(code ?? 1);
  });
  return child;
});

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  // Kept for when the last child is gone, so a service that failed to start fails `make stack` too.
  process.exitCode = code;
  for (const child of children) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 11_000).unref();
}
process.on("SIGINT", () => stopAll(0));
process.on("SIGTERM", () => stopAll(0));
