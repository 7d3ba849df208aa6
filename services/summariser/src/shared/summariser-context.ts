import type { AnyEvent } from "@tubedigest/contracts";
import type { JobQueue } from "@tubedigest/jobs";
import type { Kysely, Transaction } from "kysely";
import type { BillingClient } from "../adapters/service-clients/billing-client.ts";
import type { CatalogClient } from "../adapters/service-clients/catalog-client.ts";
import type { SummaryWriter } from "../adapters/summary-writers/summary-writer.ts";
import type { SponsorSegments } from "../adapters/transcripts/sponsor-segments.ts";
import type { TranscriptSource } from "../adapters/transcripts/transcript-source.ts";
import type { DigestJobs } from "../digest/digest-jobs.ts";
import type { GlanceWriter } from "../glance/glance-writer.ts";
import type { SummariserDatabase } from "../store/database.ts";
import type { SummaryRow } from "../store/summary-repository.ts";
import type { SummariserMetrics } from "./summariser-metrics.ts";

export interface SummariserLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What the summariser's operations work with, built once at start-up. */
export interface SummariserContext {
  db: Kysely<SummariserDatabase>;
  catalog: CatalogClient;
  billing: BillingClient;
  /** Transcripts (the configured chain of sources), remembered per video in the database. */
  transcripts: TranscriptSource;
  /** Sponsor reads to cut from transcripts; none are cut when absent. */
  sponsorSegments?: SponsorSegments | undefined;
  writer: SummaryWriter;
  /** Writes the week at a glance a digest opens with. */
  glanceWriter: GlanceWriter;
  /** Writes events to the outbox in the caller's transaction, several in one statement (writeToOutbox). */
  recordEvent: (trx: Transaction<SummariserDatabase>, ...events: readonly AnyEvent[]) => Promise<void>;
  log: SummariserLogger;
  now: () => Date;
  leases: {
    /** This process's name on the leases it holds; another replica has its own. */
    owner: string;
    /** A lease not renewed for this long is taken over: its holder is taken to have died. */
    leaseMs: number;
    /** How often a waiter looks at a summary another process is making. */
    pollMs: number;
  };
  /** Summaries this process is making or waiting for, by key: a second asker shares the first's work. */
  inFlight: Map<string, Promise<SummaryRow>>;
  /** Summaries of descriptions this process is looking again for a transcript for, by key. */
  upgrading: Map<string, Promise<void>>;
  /** Signs and checks the e-mail's "Read in your browser" links (see newsletter-link.ts). */
  newsletterLinkKey: Buffer;
  /** The hidden tool's shared password; the tool is off without one. */
  toolPassword: string | undefined;
  /** How long a preview waits for its summary before answering without it. */
  previewWaitMs: number;
  /** New channels (not previewed by that client within a day) one client may preview per day. */
  previewNewChannelsPerDay: number;
  /** How long the hidden tool waits for its one summary. */
  toolWaitMs: number;
  digest: {
    /** The work queue composing digests, one job per user and week, shared by the replicas. */
    jobs: JobQueue<DigestJobs>;
    /** How long after Monday 09:00 a digest is still sent when the scheduler missed that slot. */
    catchUpHours: number;
    /** Readers one compose job takes. */
    batchSize: number;
    /** How long "generate newsletter" waits for its newsletter before answering that it is on its way. */
    generateWaitMs: number;
    /**
     * How long "generate newsletter" waits, for a user with no channel yet, for one followed a moment ago
     * (at sign-up, or just before asking) to arrive through catalog's events.
     */
    followsWaitMs: number;
  };
  metrics: SummariserMetrics;
}
