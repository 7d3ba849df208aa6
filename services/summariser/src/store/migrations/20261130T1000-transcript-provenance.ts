import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("summaries")
    // Where the summarised words came from (a transcript's kind: manual, automatic, demo, transcript-api,
    // speech-to-text) and their language; null for a summary of the description, or one made before this.
    .addColumn("transcript_kind", "text")
    .addColumn("transcript_language", "text")
    // A long video's chapters, each with its own key points.
    .addColumn("sections", "jsonb")
    // The language a reader asked for ('' for the video's own): a translated summary is its own row.
    .addColumn("asked_language", "text", (column) => column.notNull().defaultTo(""))
    // The language the summary was translated from, when it is a translation.
    .addColumn("translated_from", "text")
    // A summary of the description looks for a transcript again after this, a few times.
    .addColumn("upgrade_after", "timestamptz")
    .addColumn("upgrades", "integer", (column) => column.notNull().defaultTo(0))
    .execute();
  await sql`alter table summaries drop constraint summaries_pkey`.execute(db);
  await sql`alter table summaries add constraint summaries_pkey
    primary key (video_id, version, asked_language)`.execute(db);
  // Summaries made from the description before this are looked at again within the hour.
  await sql`update summaries set upgrade_after = now() + interval '1 hour'
    where status = 'ready' and basis = 'description'`.execute(db);

  // The language spoken in a video, when its uploader set it: captions in it are preferred.
  await db.schema.alterTable("videos").addColumn("language", "text").execute();

  // The language a reader wants summaries in; null for each video's own.
  await db.schema
    .alterTable("recipients")
    .addColumn("summary_language", "text")
    .addColumn("summary_language_changed_at", "timestamptz")
    .execute();
}
