import { chmodSync, mkdirSync } from "node:fs";
import path from "node:path";
import { stripeSettingsFrom } from "@tubedigest/billing";
import {
  createInProcessBus,
  createRabbitMqBus,
  type EventBus,
  InProcessBroker,
  type InProcessBus,
} from "@tubedigest/bus";
import { siteSettingsFrom } from "@tubedigest/config";
import type { EmbeddedPostgres } from "@tubedigest/db";
import { rateLimitSettingsFrom, trustedProxies } from "@tubedigest/gateway";
import { createDevClock, createServiceLogger, listenForMetrics } from "@tubedigest/http";
import { mailSettingsFrom } from "@tubedigest/mailer";
import { createScheduleRunner } from "@tubedigest/scheduler";
import { aiSettingsFrom, digestSettingsFrom } from "@tubedigest/summariser";
import type { Static } from "typebox";
import { type ComposedProduct, composeProduct } from "./compose-product.ts";
import { billingTestMode, type StandaloneEnvironment } from "./config.ts";
import { lockDataDir } from "./data-dir-lock.ts";
import { localSecrets } from "./local-secrets.ts";
import { portProblem, type ReservedPort, reservePort } from "./port-check.ts";
import { openProductDatabase } from "./product-database.ts";
import { addressToOpen, startUpSummary } from "./start-up-summary.ts";

/** `make start` counts sign-in attempts per minute; SIGN_IN_RATE_WINDOW_SECONDS is the gateway's own process's. */
const SIGN_IN_WINDOW_SECONDS = 60;

export interface RunningProduct {
  /** Where the gateway answers, for programs (the browser tests). */
  url: string;
  /** For people, before any request is logged: the address to open, each part embedded or real, the data. */
  summary: string;
  stop(): Promise<void>;
}

/**
 * Starts every service in this process (`composeProduct`, from the environment of `make start`). Without
 * DATABASE_URL they share one embedded database, each in its own schema; events go through RabbitMQ
 * when RABBITMQ_URL is set, otherwise through an in-process broker with the same semantics.
 *
 * Nothing is opened before the data folder is this process's alone and the port is free: a second copy
 * on the same folder, or a taken port, is a `StartUpError` saying so.
 */
export async function startProduct(env: Static<typeof StandaloneEnvironment>): Promise<RunningProduct> {
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // The embedded database and the local secrets are the user's alone, in a folder made before too.
  chmodSync(dataDir, 0o700);

  // A copy already running on this folder usually holds the port too: it is named before the port is.
  let reserved: ReservedPort | undefined;
  let portTaken: unknown;
  try {
    reserved = await reservePort(env.HOST, env.PORT);
  } catch (error) {
    portTaken = error;
  }
  const port = reserved?.port ?? env.PORT;
  const lock = await Promise.resolve()
    .then(() => lockDataDir(dataDir, addressToOpen(env.HOST, port).url))
    .catch(async (error: unknown) => {
      await reserved?.release();
      throw error;
    });
  if (!reserved) {
    lock.release();
    throw portTaken;
  }
  const gatewayPort = reserved;

  let embedded: EmbeddedPostgres | undefined;
  let product: ComposedProduct | undefined;
  async function stop() {
    await product?.stop();
    await embedded?.close();
    await gatewayPort.release();
    lock.release();
  }

  try {
    const secrets = localSecrets(dataDir);
    const development = env.APP_ENV === "development";
    const identitySecret = env.IDENTITY_SECRET ?? secrets.identitySecret;
    const publicUrl = env.PUBLIC_ORIGIN ?? addressToOpen(env.HOST, port).url;
    // One support address and operator for the pages (the gateway) and the e-mails (the mailer).
    const site = siteSettingsFrom(env);
    // The summary gives people the address to open; auth's and catalog's loopback ports are not for them.
    const logger = (service: string) => createServiceLogger(service, env.LOG_LEVEL, { quietRoutine: true });
    embedded = env.DATABASE_URL ? undefined : await openProductDatabase(dataDir);
    const database = (schema: string) => ({ url: env.DATABASE_URL, schema });
    // In-process, the bus holds what is published until every service has subscribed (opened below).
    let inProcess: InProcessBus | undefined;
    let events: EventBus;
    if (env.RABBITMQ_URL) events = await createRabbitMqBus({ url: env.RABBITMQ_URL, log: logger("bus") });
    else {
      inProcess = createInProcessBus({ log: logger("bus"), broker: new InProcessBroker(), held: true });
      events = inProcess;
    }

    const clock = development ? createDevClock() : undefined;
    product = await composeProduct(
      {
        events,
        embeddedDatabase: embedded,
        log: logger,
        // In development each service, not only the gateway, answers only at localhost, 127.0.0.1 or
        // [::1]: their ports are this machine's too, where a page using DNS rebinding could find the
        // mailer's sign-in links by scanning. The product's own calls address them at 127.0.0.1.
        loopbackOnly: development,
      },
      {
        auth: {
          secureCookies: !development,
          claimSecret: env.CLAIM_SECRET ?? secrets.claimSecret,
          identitySecret,
          database: database("auth"),
        },
        catalog: {
          identitySecret,
          database: database("catalog"),
          redisUrl: env.REDIS_URL,
          youtube: { apiKey: env.YOUTUBE_API_KEY, dailyQuotaUnits: env.YOUTUBE_DAILY_QUOTA_UNITS },
        },
        billing: {
          identitySecret,
          database: database("billing"),
          stripe: stripeSettingsFrom(env),
          testMode: billingTestMode(env),
          publicUrl,
        },
        summariser: {
          identitySecret,
          database: database("summariser"),
          // The demo catalog's videos have the demo transcripts; YouTube's have captions.
          ...aiSettingsFrom(env, env.YOUTUBE_API_KEY ? "youtube" : "demo"),
          // The digest's work queue: BullMQ on the product's Redis when there is one, in this process otherwise.
          redisUrl: env.REDIS_URL,
          digest: digestSettingsFrom(env),
          development,
        },
        mailer: {
          identitySecret,
          database: database("mailer"),
          publicUrl,
          mailDir: path.join(dataDir, "mail"),
          devMailbox: development,
          ...mailSettingsFrom(env),
          site,
        },
        // Timers in this process, or BullMQ when REDIS_URL is set.
        scheduler: {
          settings: {},
          runner: createScheduleRunner({ redisUrl: env.REDIS_URL, log: logger("scheduler") }),
        },
        gateway: {
          secureCookies: !development,
          sessionSecret: env.SESSION_SECRET ?? secrets.sessionSecret,
          identitySecret,
          redisUrl: env.REDIS_URL,
          redisKeyPrefix: "td:",
          webDist: env.WEB_DIST,
          trustProxy: trustedProxies(env.TRUST_PROXY),
          publicOrigin: env.PUBLIC_ORIGIN,
          site,
          ...rateLimitSettingsFrom(env, SIGN_IN_WINDOW_SECONDS),
          devMailbox: development && !env.SMTP_URL,
          devDigest: development,
          apiDocs: development,
          loopbackOnly: development,
        },
      },
      {
        wholeProductReadiness: true,
        // In development one clock, which `POST /dev/clock` moves, tells catalog (the demo channels'
        // uploads) and the summariser (the digests' days) the time.
        ...(clock ? { dependencies: { catalog: { now: clock.now }, summariser: { devClock: clock } } } : {}),
      },
    );
    // Every consumer has its queues now: what the relays published meanwhile goes to them.
    inProcess?.open();
    const { gateway } = product;
    if (env.METRICS_PORT !== undefined) {
      await listenForMetrics(gateway, { port: env.METRICS_PORT, host: "127.0.0.1" });
    }
    // Held until now; another program may still take it in the moment between.
    await gatewayPort.release();
    const url = await gateway.listen({ port, host: env.HOST }).catch((error: unknown) => {
      throw portProblem(error, env.HOST, port);
    });
    return { url, summary: startUpSummary(env, port, dataDir), stop };
  } catch (error) {
    // What failed is what to report; closing what had opened is best effort.
    await stop().catch(() => undefined);
    throw error;
  }
}
