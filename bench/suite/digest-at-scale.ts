/**
 * The weekly digest at scale: 10,000 users in 18 time zones, each following 5 of 2,000 channels with 2
 * new videos each this week, on the real Postgres, Redis and RabbitMQ, with catalog, the summariser and
 * the mailer each in a process of its own, a model that takes a fixed time per call, and an SMTP sink
 * that accepts and discards. One digest.due for a slot at which every zone's Monday 09:00 has come (as
 * the scheduler would publish it) starts the clock; it stops when the last recipient's digest is accepted.
 *
 * What it measures is the Monday path with every summary still missing (the week's summaries, normally
 * made as catalog announces each video, were never made): the model's work is all inside the run, so the
 * run can be held against the least time the model needs, ⌈V/C⌉·L for V distinct videos, C calls at once
 * and L per call.
 *
 *   node --import tsx bench/suite/digest-at-scale.ts [--users 10000] [--channels 2000] [--per-user 5]
 *     [--videos-per-channel 2] [--llm-latency-ms 250] [--llm-concurrency 32] [--digest-concurrency N]
 *     [--cpu-prof-dir DIR] [--skip-doc]
 *
 * Prints its figures and, unless --skip-doc, rewrites its section of docs/performance.md. Exits non-zero
 * when any recipient got no digest or more than one, or anyone else got one.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createTestBus } from "@tubedigest/bus/testing";
import { deleteRedisKeys } from "@tubedigest/testing/redis-keys";
import { testInfra, uniqueName } from "@tubedigest/testing/test-infra";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import amqp from "amqplib";
import pg from "pg";
import { DEFAULT_DIGEST_SETTINGS } from "../../services/summariser/src/config.ts";
import type { BenchChild } from "../support/child-process.ts";
import { recordInPerformanceDoc } from "../support/performance-report.ts";
import { checkExactlyOnce } from "./digest-at-scale/exactly-once.ts";
import { startOutsideWorld } from "./digest-at-scale/outside-world.ts";
import { pipelineTimes } from "./digest-at-scale/pipeline-state.ts";
import { describeRun, type RunFigures } from "./digest-at-scale/report.ts";
import { startResourceMeter } from "./digest-at-scale/resource-meter.ts";
import { runDigest } from "./digest-at-scale/run-digest.ts";
import { buildScenario } from "./digest-at-scale/scenario.ts";
import { seedMonday } from "./digest-at-scale/seed-monday.ts";
import { scrapeMetrics } from "./digest-at-scale/service-metrics.ts";
import { SinkLedger } from "./digest-at-scale/sink-ledger.ts";
import { type RunInfra, SINK_PROCESS } from "./digest-at-scale/start-services.ts";

const { values } = parseArgs({
  options: {
    users: { type: "string", default: "10000" },
    channels: { type: "string", default: "2000" },
    "per-user": { type: "string", default: "5" },
    "videos-per-channel": { type: "string", default: "2" },
    // A hosted model's pace: each call takes L and at most C run at once, so the run's bound is ⌈calls/C⌉·L.
    "llm-latency-ms": { type: "string", default: "250" },
    "llm-concurrency": { type: "string", default: "32" },
    // The summariser's own default unless given.
    "digest-concurrency": { type: "string", default: String(DEFAULT_DIGEST_SETTINGS.concurrency) },
    "cpu-prof-dir": { type: "string" },
    "skip-doc": { type: "boolean", default: false },
  },
});
const settings = {
  users: Number(values.users),
  channels: Number(values.channels),
  followsPerUser: Number(values["per-user"]),
  videosPerChannel: Number(values["videos-per-channel"]),
  llmLatencyMs: Number(values["llm-latency-ms"]),
  llmConcurrency: Number(values["llm-concurrency"]),
  digestConcurrency: Number(values["digest-concurrency"]),
};
const command = `node --import tsx bench/suite/digest-at-scale.ts ${process.argv.slice(2).join(" ")}`.trim();
const say = (line: string) => process.stdout.write(`${line}\n`);
// A reader that stops reading (`| head`) must not end the run before it removes its schemas and queues.
process.stdout.on("error", () => {});

const scenario = buildScenario(settings);
const recipients = new Set(scenario.recipients.map((user) => user.email));
const logDir = mkdtempSync(path.join(tmpdir(), "digest-at-scale-"));
const cpuProfileDir = values["cpu-prof-dir"] ? path.resolve(values["cpu-prof-dir"]) : undefined;
if (cpuProfileDir) mkdirSync(cpuProfileDir, { recursive: true });
say(
  `digest at scale: ${settings.users} users (${recipients.size} to mail), ${settings.channels} channels, ` +
    `${scenario.videosToSummarise.length} videos to summarise, model ${settings.llmLatencyMs} ms × ${settings.llmConcurrency}; ` +
    `the services' logs in ${logDir} (removed after a run that passes)`,
);

const world = await startOutsideWorld(scenario, settings.llmLatencyMs);
const [catalogSchema, summariserSchema, mailerSchema] = await Promise.all(
  ["bench_catalog", "bench_summariser", "bench_mailer"].map(createTestSchema),
);
if (!catalogSchema || !summariserSchema || !mailerSchema) throw new Error("schemas missing");
const schemas = {
  catalog: catalogSchema.schema,
  summariser: summariserSchema.schema,
  mailer: mailerSchema.schema,
};
const testBus = await createTestBus("rabbitmq");
if (!testBus.rabbitMq) throw new Error("the test bus has no RabbitMQ address");
const infra: RunInfra = {
  bus: testBus.rabbitMq,
  schemas,
  redisPrefix: `${uniqueName("bench-digest")}:`,
  identitySecret: uniqueName("bench-identity-secret-that-is-long-enough"),
  logDir,
  cpuProfileDir,
  declaredQueues: new Set(),
};
const pool = new pg.Pool({ connectionString: testInfra.postgresUrl, max: 4 });
const ledger = new SinkLedger();
const children: BenchChild[] = [];
let passed = false;

try {
  const monday = await seedMonday({
    infra,
    world,
    scenario,
    bus: testBus.bus,
    pool,
    settings,
    ledger,
    started: (child) => children.push(child),
  });
  for (const [step, at] of monday.steps) say(`  ${at.toFixed(1).padStart(6)} s: ${step}`);
  say(`seeded in ${monday.seconds.toFixed(1)} s; publishing digest.due for ${scenario.slot.toISOString()}`);

  // The run: peaks and CPU from here on.
  const { catalog, summariser, mailer, sink } = monday;
  const meter = startResourceMeter({ catalog, summariser, mailer, [SINK_PROCESS]: sink });
  const mailerMetricsBefore = await scrapeMetrics(mailer.port);
  let lastSaid = 0;
  const run = await runDigest({
    bus: testBus.bus,
    slot: scenario.slot,
    pool,
    schemas,
    ledger,
    recipients,
    onProgress(sample) {
      if (sample.atMs - lastSaid < 10_000) return;
      lastSaid = sample.atMs;
      say(
        `  ${(sample.atMs / 1000).toFixed(0).padStart(4)} s: summaries ${sample.summaries}, digests ${sample.composed}/${sample.digests} composed, ` +
          `messages ${sample.messages} queued, ${sample.accepted} accepted`,
      );
    },
  });
  const figures: RunFigures = {
    settings,
    scenario,
    seedingSeconds: monday.seconds,
    run,
    resources: meter.stop(),
    times: await pipelineTimes(pool, schemas),
    acceptances: ledger.acceptances,
    check: checkExactlyOnce(scenario, ledger),
    model: { calls: world.model.calls, maxInFlight: world.model.concurrency.max },
    youtubeUnits: world.youtube.unitsSpent,
    metrics: {
      summariser: await scrapeMetrics(summariser.port),
      mailerBefore: mailerMetricsBefore,
      mailer: await scrapeMetrics(mailer.port),
    },
  };
  const { text, markdown } = describeRun(figures, command);
  say(text);
  passed = figures.check.passed;
  if (!passed) {
    process.exitCode = 1;
    say("exactly-once check FAILED: figures not recorded");
  } else if (!values["skip-doc"]) {
    recordInPerformanceDoc("digest-at-scale", markdown);
    say("recorded in docs/performance.md");
  }
} catch (error) {
  process.exitCode = 1;
  console.error(error);
  console.error(`the services' logs are in ${logDir}`);
} finally {
  for (const child of [...children].reverse()) await child.stop();
  const connection = await amqp.connect(testInfra.amqpUrl);
  const channel = await connection.createChannel();
  for (const queue of infra.declaredQueues) await channel.deleteQueue(queue);
  await connection.close();
  await testBus.cleanup();
  await pool.end();
  await Promise.all([catalogSchema.drop(), summariserSchema.drop(), mailerSchema.drop()]);
  await deleteRedisKeys(infra.redisPrefix);
  await world.close();
  if (passed) rmSync(logDir, { recursive: true, force: true });
  if (passed && cpuProfileDir) say(`CPU profiles in ${cpuProfileDir}`);
}
