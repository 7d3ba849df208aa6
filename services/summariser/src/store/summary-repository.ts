import { type Kysely, type Selectable, sql, type Updateable } from "kysely";
import type { WrittenSummary } from "../adapters/summary-writers/summary-writer.ts";
import type { TranscriptKind } from "../adapters/transcripts/transcript-source.ts";
import type { SummariesTable, SummariserDatabase } from "./database.ts";

export type SummaryRow = Selectable<SummariesTable>;

export interface SummaryKey {
  videoId: string;
  version: string;
  /** The language a reader asked for; '' for the video's own. */
  language: string;
}

/** A written summary with where its words came from, as it is stored. */
export interface StoredSummary extends WrittenSummary {
  /** The transcript's kind and language; null for a summary of the description. */
  transcript: { kind: TranscriptKind; language: string } | null;
  /** The language of the summary this one was translated from; null when it is not a translation. */
  translatedFrom: string | null;
  /** When a summary of the description next looks for a transcript; null for never. */
  upgradeAfter: Date | null;
}

/** How many videos one source's words were summarised from in an ISO week ("2026-W49"). */
export interface WeekSourceCount {
  weekKey: string;
  /** The transcript's kind (manual, automatic, transcript-api, …), or "description". */
  source: string;
  videos: number;
}

/** The outcome of asking to make a summary: ours to make, or someone else's row as it stands. */
export type LeaseOutcome = { leased: true; row: SummaryRow } | { leased: false; row: SummaryRow };

/**
 * The summaries aggregate. Its rows double as leases: of everyone asking for the same summary at once, in
 * this process or another replica, exactly one inserts the row (or takes over a lease its holder let
 * lapse, or a failure whose wait is over) and calls the model; the others read the row until it is done.
 */
export class SummaryRepository {
  constructor(private readonly db: Kysely<SummariserDatabase>) {}

  async takeLease(key: SummaryKey, owner: string, leaseUntil: Date, now: Date): Promise<LeaseOutcome> {
    const inserted = await this.db
      .insertInto("summaries")
      .values({
        video_id: key.videoId,
        version: key.version,
        asked_language: key.language,
        status: "pending",
        claimed_by: owner,
        lease_until: leaseUntil,
      })
      .onConflict((conflict) => conflict.columns(["video_id", "version", "asked_language"]).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) return { leased: true, row: inserted };
    const taken = await this.db
      .updateTable("summaries")
      .set({
        status: "pending",
        claimed_by: owner,
        lease_until: leaseUntil,
        attempts: sql`attempts + 1`,
        failure_reason: null,
        retry_after: null,
      })
      .where("video_id", "=", key.videoId)
      .where("version", "=", key.version)
      .where("asked_language", "=", key.language)
      .where((where) =>
        where.or([
          where.and([where("status", "=", "pending"), where("lease_until", "<", now)]),
          where.and([where("status", "=", "failed"), where("retry_after", "<", now)]),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
    if (taken) return { leased: true, row: taken };
    const row = await this.find(key);
    // Deleted between the two statements: nothing in the product deletes summaries, so ask again.
    if (!row) return this.takeLease(key, owner, leaseUntil, now);
    return { leased: false, row };
  }

  /** Keeps the lease while the model works on a long video; false if it was lost meanwhile. */
  async renewLease(key: SummaryKey, owner: string, leaseUntil: Date): Promise<boolean> {
    const result = await this.db
      .updateTable("summaries")
      .set({ lease_until: leaseUntil })
      .where("video_id", "=", key.videoId)
      .where("version", "=", key.version)
      .where("asked_language", "=", key.language)
      .where("claimed_by", "=", owner)
      .where("status", "=", "pending")
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** Stores the summary, if the lease is still ours; answers the row as it now is. */
  complete(
    key: SummaryKey,
    owner: string,
    summary: StoredSummary,
    now: Date,
  ): Promise<SummaryRow | undefined> {
    return this.settle(key, owner, {
      status: "ready",
      claimed_by: null,
      lease_until: null,
      ...summaryColumns(summary),
      completed_at: now,
    });
  }

  /**
   * Takes the next look for a transcript of a summary made from the description, when one is due: of
   * every process asking at once, one gets the row (and sets the look after it), the others nothing.
   */
  takeUpgrade(key: SummaryKey, now: Date, next: Date | null): Promise<SummaryRow | undefined> {
    return this.db
      .updateTable("summaries")
      .set({ upgrade_after: next, upgrades: sql`upgrades + 1` })
      .where("video_id", "=", key.videoId)
      .where("version", "=", key.version)
      .where("asked_language", "=", key.language)
      .where("status", "=", "ready")
      .where("basis", "=", "description")
      .where("upgrade_after", "<=", now)
      .returningAll()
      .executeTakeFirst();
  }

  /**
   * A summary of the description replaced by one of the transcript found since; translations of it are
   * made again by the next reader who asks (their retry is due at once).
   */
  async replaceDescription(
    key: SummaryKey,
    summary: StoredSummary,
    now: Date,
  ): Promise<SummaryRow | undefined> {
    const replaced = await this.db
      .updateTable("summaries")
      .set({ ...summaryColumns(summary), completed_at: now })
      .where("video_id", "=", key.videoId)
      .where("version", "=", key.version)
      .where("asked_language", "=", key.language)
      .where("status", "=", "ready")
      .where("basis", "=", "description")
      .returningAll()
      .executeTakeFirst();
    if (replaced) {
      await this.db
        .updateTable("summaries")
        .set({ status: "failed", failure_reason: "Its original was replaced.", retry_after: now })
        .where("video_id", "=", key.videoId)
        .where("version", "=", key.version)
        .where("asked_language", "!=", key.language)
        .where("status", "=", "ready")
        .execute();
    }
    return replaced;
  }

  fail(
    key: SummaryKey,
    owner: string,
    reason: string,
    retryAfter: Date,
    now: Date,
  ): Promise<SummaryRow | undefined> {
    return this.settle(key, owner, {
      status: "failed",
      claimed_by: null,
      lease_until: null,
      failure_reason: reason.slice(0, 500),
      retry_after: retryAfter,
      completed_at: now,
    });
  }

  /** Ends the lease with its outcome, if the lease is still ours (not taken over meanwhile). */
  private settle(
    key: SummaryKey,
    owner: string,
    outcome: Updateable<SummariesTable>,
  ): Promise<SummaryRow | undefined> {
    return this.db
      .updateTable("summaries")
      .set(outcome)
      .where("video_id", "=", key.videoId)
      .where("version", "=", key.version)
      .where("asked_language", "=", key.language)
      .where("claimed_by", "=", owner)
      .returningAll()
      .executeTakeFirst();
  }

  find(key: SummaryKey): Promise<SummaryRow | undefined> {
    return this.db
      .selectFrom("summaries")
      .selectAll()
      .where("video_id", "=", key.videoId)
      .where("version", "=", key.version)
      .where("asked_language", "=", key.language)
      .executeTakeFirst();
  }

  /** The ready summaries of these videos in these asked languages, in one statement. */
  findReady(
    videoIds: readonly string[],
    version: string,
    languages: readonly string[],
  ): Promise<SummaryRow[]> {
    if (videoIds.length === 0 || languages.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom("summaries")
      .selectAll()
      .where("video_id", "in", videoIds)
      .where("version", "=", version)
      .where("asked_language", "in", languages)
      .where("status", "=", "ready")
      .execute();
  }

  /**
   * Videos summarised since `since`, by the ISO week (UTC) their summary was made and where its words came
   * from. Translations are left out, as they reuse another summary's source; a summary made before its
   * transcript's kind was recorded counts as "transcript".
   */
  async sourceCountsByWeek(since: Date): Promise<WeekSourceCount[]> {
    const weekKey = sql<string>`to_char(completed_at at time zone 'UTC', 'IYYY-"W"IW')`;
    // The chain's step that served the transcript where recorded; before that, the transcript's kind.
    const source = sql<string>`case when basis = 'description' then 'description'
      else coalesce(transcripts.served_by, transcript_kind, 'transcript') end`;
    const rows = await this.db
      .selectFrom("summaries")
      .leftJoin("transcripts", "transcripts.video_id", "summaries.video_id")
      .select([
        weekKey.as("week_key"),
        source.as("source"),
        (select) => select.fn.count<string>("summaries.video_id").distinct().as("videos"),
      ])
      .where("status", "=", "ready")
      .where("translated_from", "is", null)
      .where("completed_at", ">=", since)
      .groupBy([weekKey, source])
      .orderBy("week_key", "desc")
      .orderBy("source")
      .execute();
    return rows.map((row) => ({ weekKey: row.week_key, source: row.source, videos: Number(row.videos) }));
  }
}

function summaryColumns(summary: StoredSummary): Updateable<SummariesTable> {
  return {
    key_points: JSON.stringify(summary.keyPoints),
    sections: summary.sections && summary.sections.length > 0 ? JSON.stringify(summary.sections) : null,
    paragraph: summary.paragraph,
    language: summary.language,
    basis: summary.basis,
    model: summary.model,
    prompt_tokens: summary.usage.promptTokens,
    completion_tokens: summary.usage.completionTokens,
    llm_calls: summary.usage.calls,
    transcript_kind: summary.transcript?.kind ?? null,
    transcript_language: summary.transcript?.language ?? null,
    translated_from: summary.translatedFrom,
    upgrade_after: summary.upgradeAfter,
  };
}
