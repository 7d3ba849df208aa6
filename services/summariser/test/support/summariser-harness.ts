import { randomUUID } from "node:crypto";
import { createTestBus, schemaTemplate, type TestBus } from "@tubedigest/bus/testing";
import { createDatabase, type Database } from "@tubedigest/db";
import type { ServiceApp } from "@tubedigest/http";
import { callerHeaders } from "@tubedigest/http/caller-proof";
import { createInProcessJobQueue, type JobQueue } from "@tubedigest/jobs";
import { createMigratedTestSchema } from "@tubedigest/testing/test-schema";
import { pino } from "pino";
import type { Transcript, TranscriptSource } from "../../src/adapters/transcripts/transcript-source.ts";
import { buildSummariserApp, type SummariserDependencies, summariserMigrations } from "../../src/app.ts";
import type { SummariserSettings } from "../../src/config.ts";
import { COMPOSE_ATTEMPTS, DIGEST_JOB_NAMES, type DigestJobs } from "../../src/digest/digest-jobs.ts";
import type { SummariserDatabase } from "../../src/store/database.ts";
import { billingStandIn } from "./billing-stand-in.ts";
import { catalogStandIn } from "./catalog-stand-in.ts";

export const IDENTITY_SECRET = "identity-secret-for-tests-only-0123456789";
export const TOOL_PASSWORD = "correct horse battery staple";

/** What the gateway sends for a signed-in user. */
export const asUser = (userId: string) => callerHeaders(IDENTITY_SECRET, userId, randomUUID());

/** The signed-in reader's "Generate Newsletter Now", as the gateway passes it on. */
export const generateNewsletterNow = (app: ServiceApp, userId: string) =>
  app.inject({ method: "POST", url: "/api/generate-newsletter", headers: asUser(userId) });

/** The summary the hidden tool answers for a video, with the right password; anything but a 200 fails the test. */
/** Each test's schema comes migrated (`createMigratedTestSchema`): the migrations run once per worker. */
const summariserTemplate = schemaTemplate("summariser", summariserMigrations);

export async function toolSummary(app: ServiceApp, videoId: string): Promise<string> {
  const reply = await app.inject({
    method: "POST",
    url: "/api/process-youtube-video",
    payload: { youtubeUrl: `https://youtu.be/${videoId}`, password: TOOL_PASSWORD },
  });
  if (reply.statusCode !== 200) throw new Error(`the tool answered ${reply.statusCode}: ${reply.body}`);
  return reply.json().summary as string;
}

/** A transcript source answering from a map, counting what it is asked; a missing id has no captions. */
export function transcriptsFrom(transcripts: Record<string, Transcript>) {
  const asked: string[] = [];
  const source: TranscriptSource = {
    name: "test-transcripts",
    async fetch(request) {
      asked.push(request.videoId);
      return transcripts[request.videoId] ?? null;
    },
  };
  return { source, asked };
}

/** A short transcript in English about `topic`, with a line every 30 seconds. */
export function transcriptAbout(topic: string, lines = 12): Transcript {
  return {
    language: "en",
    kind: "manual",
    segments: Array.from({ length: lines }, (_, index) => ({
      startSeconds: index * 30,
      text: `Point ${index + 1} about ${topic}: the ${topic} works best when each step is measured carefully and checked twice.`,
    })),
  };
}

export interface SummariserUnderTest {
  app: ServiceApp;
  database: Database<SummariserDatabase>;
  testBus: TestBus;
  stop(): Promise<void>;
}

type Parts = Pick<
  SummariserDependencies,
  | "writer"
  | "glanceWriter"
  | "transcripts"
  | "catalog"
  | "billing"
  | "leases"
  | "toolWaitMs"
  | "jobs"
  | "generateWaitMs"
  | "now"
>;

/** The digest's work queue in process, retrying within milliseconds so a test sees its tries quickly. */
export function fastDigestJobs(): JobQueue<DigestJobs> {
  return createInProcessJobQueue<DigestJobs>({
    name: "summariser-digests",
    jobNames: DIGEST_JOB_NAMES,
    log: pino({ level: "silent" }),
    attempts: COMPOSE_ATTEMPTS,
    backoffMs: 50,
  });
}

/**
 * A summariser on the real Postgres (a schema of the test's own, or one shared by several instances, as
 * replicas share theirs) and RabbitMQ, with the given writer, transcripts and stand-ins for catalog and
 * billing.
 */
export async function startSummariser(
  parts: Parts,
  options: {
    schema?: { url: string; schema: string };
    settings?: Partial<SummariserSettings>;
    testBus?: TestBus;
  } = {},
): Promise<SummariserUnderTest> {
  const ownSchema = options.schema
    ? undefined
    : await createMigratedTestSchema("summariser", summariserTemplate);
  const schema = options.schema ?? { url: ownSchema?.url ?? "", schema: ownSchema?.schema ?? "" };
  const testBus = options.testBus ?? (await createTestBus("rabbitmq"));
  const app = await buildSummariserApp(
    {
      identitySecret: IDENTITY_SECRET,
      database: { url: schema.url, schema: schema.schema },
      catalogUrl: "http://127.0.0.1:9",
      billingUrl: "http://127.0.0.1:9",
      transcripts: { source: "demo" },
      toolPassword: TOOL_PASSWORD,
      previewWaitMs: 20_000,
      ...options.settings,
    },
    {
      log: pino({ level: "silent" }),
      events: testBus.bus,
      catalog: parts.catalog ?? catalogStandIn().client,
      billing: parts.billing ?? billingStandIn().client,
      jobs: parts.jobs ?? fastDigestJobs(),
      ...parts,
    },
  );
  const database = createDatabase<SummariserDatabase>({
    url: schema.url,
    schema: schema.schema,
    poolSize: 2,
  });
  return {
    app,
    database,
    testBus,
    async stop() {
      if (!options.testBus) await testBus.bus.close();
      await app.close();
      if (!options.testBus) await testBus.cleanup();
      await database.close();
      await ownSchema?.drop();
    },
  };
}
