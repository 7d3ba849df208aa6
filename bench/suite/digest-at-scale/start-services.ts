import path from "node:path";
import type { TestBusAddress } from "@tubedigest/bus/testing";
import { testInfra } from "@tubedigest/testing/test-infra";
import { type BenchChild, startBenchChild } from "../../support/child-process.ts";
import type { OutsideWorld } from "./outside-world.ts";

const SERVICE_ENTRY = path.join(import.meta.dirname, "../../support/service-process.ts");
const SINK_ENTRY = path.join(import.meta.dirname, "discarding-smtp-sink.ts");

/** What every service process of a run shares. */
export interface RunInfra {
  bus: TestBusAddress;
  /** Each service's own schema in the real Postgres. */
  schemas: { catalog: string; summariser: string; mailer: string };
  /** The run's own Redis key prefix, ending in ":". */
  redisPrefix: string;
  identitySecret: string;
  /** Where each process's output goes, one file per process. */
  logDir: string;
  /** With a folder, every service writes a V8 CPU profile there when it stops. */
  cpuProfileDir?: string | undefined;
  /** Queues the services declared, for the bench to delete afterwards. */
  declaredQueues: Set<string>;
}

function startService(
  infra: RunInfra,
  name: "catalog" | "summariser" | "mailer",
  env: Record<string, string>,
): Promise<BenchChild> {
  return startBenchChild({
    name,
    entry: SERVICE_ENTRY,
    args: [name, JSON.stringify(infra.bus)],
    env: {
      // LOG_LEVEL is left to the service's default (info), so its logging costs what it costs in production.
      DATABASE_URL: testInfra.postgresUrl,
      DATABASE_SCHEMA: infra.schemas[name],
      // Read by the schema, not used: the service joins the run's exchange instead.
      RABBITMQ_URL: testInfra.amqpUrl,
      IDENTITY_SECRET: infra.identitySecret,
      ...env,
    },
    nodeOptions: infra.cpuProfileDir ? ["--cpu-prof", `--cpu-prof-dir=${infra.cpuProfileDir}`] : [],
    logFile: path.join(infra.logDir, `${name}.log`),
    onLine(line) {
      const queue = /^queue (\S+)$/.exec(line);
      if (queue?.[1]) infra.declaredQueues.add(queue[1]);
    },
  });
}

/** Catalog, against the fake Data API, with YouTube's default daily quota. */
export function startCatalog(infra: RunInfra, world: OutsideWorld): Promise<BenchChild> {
  return startService(infra, "catalog", {
    REDIS_URL: testInfra.redisUrl,
    REDIS_KEY_PREFIX: `${infra.redisPrefix}catalog:`,
    YOUTUBE_API_KEY: "bench-youtube-key",
    YOUTUBE_ROOT_URL: world.youtube.rootUrl,
    YOUTUBE_FEED_URL: world.youtube.feedUrl,
  });
}

/**
 * The summariser with the openai SDK against the fake model (LLM_CONCURRENCY calls at once), captions
 * from the fake caption pages and sponsor segments from the fake SponsorBlock, its digest queue on Redis
 * (BullMQ) and DIGEST_CONCURRENCY compose jobs at
 * once. Billing is not on the digest's path: its address answers nothing.
 */
export function startSummariser(
  infra: RunInfra,
  world: OutsideWorld,
  settings: { catalogUrl: string; llmConcurrency: number; digestConcurrency: number },
): Promise<BenchChild> {
  return startService(infra, "summariser", {
    CATALOG_URL: settings.catalogUrl,
    BILLING_URL: "http://127.0.0.1:9",
    REDIS_URL: testInfra.redisUrl,
    REDIS_KEY_PREFIX: `${infra.redisPrefix}summariser:`,
    OPENAI_API_KEY: world.model.apiKey,
    OPENAI_BASE_URL: world.model.baseUrl,
    LLM_CONCURRENCY: String(settings.llmConcurrency),
    DIGEST_CONCURRENCY: String(settings.digestConcurrency),
    TRANSCRIPT_SOURCE: "youtube",
    YOUTUBE_CAPTIONS_URL: world.captions.baseUrl,
    SPONSORBLOCK_URL: world.sponsorBlock.baseUrl,
  });
}

/** The mailer, sending through SMTP to the sink, in production mode (no development mailbox). */
export function startMailer(infra: RunInfra, smtpUrl: string): Promise<BenchChild> {
  return startService(infra, "mailer", {
    APP_ENV: "production",
    SMTP_URL: smtpUrl,
    SUPPORT_EMAIL: "support@tubedigest.example",
    OPERATOR_NAME: "Tubedigest Ltd",
    MAIL_DIR: path.join(infra.logDir, "mail"),
  });
}

/** The sink's process name, as the resource meter and the report know it. */
export const SINK_PROCESS = "smtp-sink";

/** The discarding SMTP sink; each acceptance it reports goes to `onAccepted`. */
export function startSmtpSink(infra: RunInfra, onLine: (line: string) => void): Promise<BenchChild> {
  return startBenchChild({
    name: SINK_PROCESS,
    entry: SINK_ENTRY,
    logFile: path.join(infra.logDir, `${SINK_PROCESS}.log`),
    onLine,
  });
}
