import path from "node:path";
import { AppEnv, Host, Port, Url } from "@tubedigest/config";
import { SummariserAiEnvironment } from "@tubedigest/summariser";
import Type, { type Static } from "typebox";
import { PRODUCT_SERVICES, type ProductService } from "./compose-product.ts";
import type { LocalSecrets } from "./local-secrets.ts";

/** What `make stack` decides; every other variable goes on to the services, which check their own. */
export const StackEnvironment = Type.Object({
  AUTH_PORT: Port({ default: 4001, description: "Where auth listens, on 127.0.0.1" }),
  CATALOG_PORT: Port({ default: 4002, description: "Where catalog listens, on 127.0.0.1" }),
  BILLING_PORT: Port({ default: 4003, description: "Where billing listens, on 127.0.0.1" }),
  SUMMARISER_PORT: Port({ default: 4004, description: "Where the summariser listens, on 127.0.0.1" }),
  MAILER_PORT: Port({ default: 4005, description: "Where the mailer listens, on 127.0.0.1" }),
  SCHEDULER_PORT: Port({
    default: 4006,
    description: "Where the scheduler serves its health and metrics, on 127.0.0.1",
  }),
  METRICS_HOST: Host("127.0.0.1", {
    description: "Where the gateway serves `/metrics` (at its `METRICS_PORT`, 9464)",
  }),
  DATA_DIR: Type.String({
    default: ".data",
    description:
      "Where `secrets.json` is kept, shared with `make start`, and the mailer's `mail/` without `SMTP_URL`",
  }),
  APP_ENV: AppEnv("development", {
    description: "Every service's; `production` marks cookies `Secure` and turns off the development tools",
  }),
  DATABASE_URL: Url(["postgres", "postgresql"], {
    default: "postgres://postgres@127.0.0.1:5432/postgres",
    description: "The services' Postgres, each in its own schema",
  }),
  REDIS_URL: Url(["redis", "rediss"], {
    default: "redis://127.0.0.1:6379",
    description:
      "The gateway's sessions and rate limits, catalog's search cache, the summariser's digest queue, the schedules",
  }),
  RABBITMQ_URL: Url(["amqp", "amqps"], {
    default: "amqp://guest:guest@127.0.0.1:5672",
    description: "Events",
  }),
  SESSION_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      description: "The gateway's; unset: from `DATA_DIR/secrets.json`, made there once",
    }),
  ),
  CLAIM_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      description: "Auth's; unset: from `DATA_DIR/secrets.json`, made there once",
    }),
  ),
  IDENTITY_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      description: "Every service's; unset: from `DATA_DIR/secrets.json`, made there once",
    }),
  ),
  // Read here only for the summariser's transcripts, which follow it when TRANSCRIPT_SOURCE is unset.
  YOUTUBE_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: "Catalog's YouTube Data API key; unset: the demo catalog, and the demo's transcripts",
    }),
  ),
  TRANSCRIPT_SOURCE: SummariserAiEnvironment.TRANSCRIPT_SOURCE,
});

/** One service's process: the variables it gets on top of the caller's environment. */
export interface ServiceProcessPlan {
  name: ProductService;
  env: Record<string, string>;
}

/**
 * The product as one process per service, each started from its `dist/main.js` against the real
 * Postgres, Redis and RabbitMQ, as compose and Kubernetes run them: the services in the order
 * `composeProduct` starts them, each with its port, the addresses of the services it calls, and the
 * secrets the stack names or else `secrets`: those of `make start` (`localSecrets`, DATA_DIR/secrets.json),
 * so a restart keeps everyone signed in, since sessions live in Redis. Only the gateway's public port faces
 * the network; everything else listens on 127.0.0.1.
 */
export function productProcesses(
  stack: Static<typeof StackEnvironment>,
  secrets: LocalSecrets,
): ServiceProcessPlan[] {
  // One secret for all: the gateway signs the caller header with it, auth, catalog, billing, the
  // summariser and the mailer check it (the summariser also signs its own calls to billing with it, the
  // mailer derives its unsubscribe links' key from it).
  const identitySecret = stack.IDENTITY_SECRET ?? secrets.identitySecret;
  const loopback = "127.0.0.1";
  const at = (port: number) => `http://${loopback}:${port}`;
  const databaseAndBroker = { DATABASE_URL: stack.DATABASE_URL, RABBITMQ_URL: stack.RABBITMQ_URL };
  const env: Record<ProductService, Record<string, string>> = {
    auth: {
      HOST: loopback,
      PORT: String(stack.AUTH_PORT),
      ...databaseAndBroker,
      CLAIM_SECRET: stack.CLAIM_SECRET ?? secrets.claimSecret,
      IDENTITY_SECRET: identitySecret,
    },
    catalog: {
      HOST: loopback,
      PORT: String(stack.CATALOG_PORT),
      ...databaseAndBroker,
      REDIS_URL: stack.REDIS_URL,
      IDENTITY_SECRET: identitySecret,
    },
    // Stripe's keys and BILLING_TEST_MODE come from the caller, as the other services' own settings do.
    billing: {
      HOST: loopback,
      PORT: String(stack.BILLING_PORT),
      ...databaseAndBroker,
      IDENTITY_SECRET: identitySecret,
      CATALOG_URL: at(stack.CATALOG_PORT),
    },
    // OPENAI_*, SUMMARY_TOKEN_BUDGET, LLM_CONCURRENCY, YOUTUBE_CAPTIONS_URL, SUMMARY_TOOL_PASSWORD and
    // PREVIEW_WAIT_SECONDS come from the caller; without OPENAI_API_KEY the embedded extractive writer
    // summarises. Transcripts as in `make start`: without YOUTUBE_API_KEY catalog answers with the demo
    // catalog, whose videos only the demo transcripts know, unless the caller names TRANSCRIPT_SOURCE.
    summariser: {
      HOST: loopback,
      PORT: String(stack.SUMMARISER_PORT),
      ...databaseAndBroker,
      // Its digest work queue (BullMQ), shared by every summariser process.
      REDIS_URL: stack.REDIS_URL,
      IDENTITY_SECRET: identitySecret,
      CATALOG_URL: at(stack.CATALOG_PORT),
      BILLING_URL: at(stack.BILLING_PORT),
      TRANSCRIPT_SOURCE: stack.TRANSCRIPT_SOURCE ?? (stack.YOUTUBE_API_KEY ? "youtube" : "demo"),
    },
    // SMTP_URL, MAIL_FROM, DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY, UNSUBSCRIBE_MAILTO, PUBLIC_URL,
    // SUPPORT_EMAIL and OPERATOR_NAME come from the caller. Without SMTP_URL every message is an .eml
    // file under DATA_DIR/mail, as in `make start`, listed at http://localhost:3000/dev/mailbox in
    // development.
    mailer: {
      HOST: loopback,
      PORT: String(stack.MAILER_PORT),
      ...databaseAndBroker,
      IDENTITY_SECRET: identitySecret,
      MAIL_DIR: path.join(stack.DATA_DIR, "mail"),
    },
    // DIGEST_SLOT_PATTERN, UPLOAD_CHECK_PATTERN and SCHEDULE_TIME_ZONE come from the caller. The schedules
    // live in Redis: a second stack on the same Redis shares them, and each slot fires once between them.
    scheduler: {
      HOST: loopback,
      PORT: String(stack.SCHEDULER_PORT),
      REDIS_URL: stack.REDIS_URL,
      RABBITMQ_URL: stack.RABBITMQ_URL,
    },
    // PORT, HOST, METRICS_PORT, TRUST_PROXY, PUBLIC_ORIGIN, the rate limits, SUPPORT_EMAIL and
    // OPERATOR_NAME come from the caller.
    gateway: {
      METRICS_HOST: stack.METRICS_HOST,
      REDIS_URL: stack.REDIS_URL,
      SESSION_SECRET: stack.SESSION_SECRET ?? secrets.sessionSecret,
      IDENTITY_SECRET: identitySecret,
      AUTH_URL: at(stack.AUTH_PORT),
      CATALOG_URL: at(stack.CATALOG_PORT),
      BILLING_URL: at(stack.BILLING_PORT),
      SUMMARISER_URL: at(stack.SUMMARISER_PORT),
      MAILER_URL: at(stack.MAILER_PORT),
    },
  };
  return PRODUCT_SERVICES.map((name) => ({ name, env: { APP_ENV: stack.APP_ENV, ...env[name] } }));
}
