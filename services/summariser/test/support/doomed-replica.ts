/**
 * A summariser replica in a process of its own, for the test that kills it mid-digest: it shares the
 * test's schema and BullMQ queue, summarises with a writer that never answers, says "ready" once it
 * works and "writing <videoId>" whenever a summary starts, and holds its leases until it is killed.
 * Arguments: database URL, schema, Redis key prefix, the catalog's videos as JSON.
 */
import { createInProcessBus } from "@tubedigest/bus";
import { pino } from "pino";
import { SUMMARY_PROMPT_VERSION } from "../../src/adapters/summary-writers/prompt-version.ts";
import type { SummaryWriter } from "../../src/adapters/summary-writers/summary-writer.ts";
import { buildSummariserApp } from "../../src/app.ts";
import { bullMqDigestJobs, TEST_LOCK_MS } from "./bullmq-digest-jobs.ts";
import { catalogStandIn, type StandInVideo } from "./catalog-stand-in.ts";
import { IDENTITY_SECRET, transcriptAbout } from "./summariser-harness.ts";

const [url, schema, prefix, videosJson] = process.argv.slice(2);
if (!url || !schema || !prefix || !videosJson) throw new Error("missing arguments");
const videos = JSON.parse(videosJson) as StandInVideo[];

// The same writer version as the replicas that live on, so the summaries' leases are the same rows.
const hanging: SummaryWriter = {
  name: "openai",
  version: SUMMARY_PROMPT_VERSION,
  async write(input) {
    process.stdout.write(`writing ${input.video.videoId}\n`);
    return new Promise(() => {});
  },
};

const log = pino({ level: "silent" });
await buildSummariserApp(
  {
    identitySecret: IDENTITY_SECRET,
    database: { url, schema },
    catalogUrl: "http://127.0.0.1:9",
    billingUrl: "http://127.0.0.1:9",
    transcripts: { source: "demo" },
    previewWaitMs: 1_000,
    // Two digests at once: the other replicas take the rest and wait on its leased summaries.
    digest: { concurrency: 2, catchUpHours: 24 },
  },
  {
    log,
    events: createInProcessBus({ log }),
    writer: hanging,
    transcripts: {
      name: "doomed",
      fetch: async (request) => transcriptAbout(request.videoId),
    },
    catalog: catalogStandIn(videos).client,
    leases: { owner: "doomed", leaseMs: TEST_LOCK_MS, pollMs: 50 },
    jobs: bullMqDigestJobs(prefix),
  },
);
process.stdout.write("ready\n");
