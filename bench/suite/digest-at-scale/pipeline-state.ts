import type pg from "pg";

/** The schemas of a run's services. */
export interface RunSchemas {
  catalog: string;
  summariser: string;
  mailer: string;
}

const count = async (pool: pg.Pool, sql: string): Promise<number> =>
  Number((await pool.query<{ n: string }>(sql)).rows[0]?.n ?? 0);

/** How far the read models have taken in the seeded events. */
export async function readModelCounts(pool: pg.Pool, schemas: RunSchemas) {
  const [summariserInbox, catalogInbox, mailerRecipients, unsubscribed] = await Promise.all([
    count(pool, `select count(*) as n from "${schemas.summariser}".inbox`),
    count(pool, `select count(*) as n from "${schemas.catalog}".inbox`),
    count(pool, `select count(*) as n from "${schemas.mailer}".recipients`),
    count(pool, `select count(*) as n from "${schemas.summariser}".recipients where unsubscribed`),
  ]);
  return { summariserInbox, catalogInbox, mailerRecipients, unsubscribed };
}

/** Where the digest's pipeline stands: summaries made, digests settled, messages sent. */
export async function pipelineCounts(pool: pg.Pool, schemas: RunSchemas) {
  const s = `"${schemas.summariser}"`;
  const m = `"${schemas.mailer}"`;
  const { rows } = await pool.query<Record<string, string>>(`
    select
      (select count(*) from ${s}.summaries where status = 'ready') as summaries,
      (select count(*) from ${s}.digests) as digests,
      (select count(*) from ${s}.digests where status in ('queued', 'composing')) as composing,
      (select count(*) from ${s}.digests where status = 'composed') as composed,
      (select count(*) from ${s}.digests where status in ('skipped', 'failed')) as unsent,
      (select count(*) from ${m}.messages) as messages,
      (select count(*) from ${m}.messages where status in ('pending', 'sending')) as unsent_messages`);
  const row = rows[0] ?? {};
  const value = (name: string) => Number(row[name] ?? 0);
  return {
    summaries: value("summaries"),
    digests: value("digests"),
    composing: value("composing"),
    composed: value("composed"),
    skippedOrFailed: value("unsent"),
    messages: value("messages"),
    unsentMessages: value("unsent_messages"),
  };
}

export type PipelineCounts = Awaited<ReturnType<typeof pipelineCounts>>;

/** When each stage began and ended, from the rows' own timestamps (epoch ms), and what the summaries cost. */
export async function pipelineTimes(pool: pg.Pool, schemas: RunSchemas) {
  const s = `"${schemas.summariser}"`;
  const m = `"${schemas.mailer}"`;
  const epoch = (column: string) => `(extract(epoch from ${column}) * 1000)::float8`;
  const { rows } = await pool.query<Record<string, number | null>>(`
    select
      (select ${epoch("max(created_at)")} from ${s}.digests) as fanned_out,
      (select ${epoch("min(completed_at)")} from ${s}.summaries) as first_summary,
      (select ${epoch("max(completed_at)")} from ${s}.summaries) as last_summary,
      (select ${epoch("min(created_at)")} from ${s}.newsletters) as first_newsletter,
      (select ${epoch("max(created_at)")} from ${s}.newsletters) as last_newsletter,
      (select ${epoch("min(created_at)")} from ${m}.messages) as first_queued,
      (select ${epoch("max(created_at)")} from ${m}.messages) as last_queued,
      (select count(*)::float8 from ${s}.summaries where status = 'ready') as ready,
      (select count(*)::float8 from ${s}.summaries where status <> 'ready') as not_ready,
      (select count(*)::float8 from ${s}.summaries where basis = 'transcript') as from_captions,
      (select coalesce(sum(llm_calls), 0)::float8 from ${s}.summaries) as llm_calls,
      (select coalesce(max(attempts), 0)::float8 from ${s}.summaries) as most_attempts,
      (select count(*)::float8 from ${s}.newsletters) as newsletters`);
  const row = rows[0] ?? {};
  const value = (name: string) => row[name] ?? Number.NaN;
  return {
    fannedOutAt: value("fanned_out"),
    firstSummaryAt: value("first_summary"),
    lastSummaryAt: value("last_summary"),
    firstNewsletterAt: value("first_newsletter"),
    lastNewsletterAt: value("last_newsletter"),
    firstQueuedMailAt: value("first_queued"),
    lastQueuedMailAt: value("last_queued"),
    summariesReady: value("ready"),
    summariesNotReady: value("not_ready"),
    summariesFromCaptions: value("from_captions"),
    llmCallsRecorded: value("llm_calls"),
    mostSummaryAttempts: value("most_attempts"),
    newsletters: value("newsletters"),
  };
}

export type PipelineTimes = Awaited<ReturnType<typeof pipelineTimes>>;
