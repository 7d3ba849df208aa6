import { type Kysely, sql } from "kysely";

/**
 * The hourly tick claims due channels for one replica: the claim lasts until `upload_check_leased_until`,
 * so another replica's tick leaves them alone meanwhile, and takes them over if the claimer died. The
 * index serves "followed channels checked longest ago first".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("channels").addColumn("upload_check_leased_until", "timestamptz").execute();
  await sql`create index channels_uploads_checked_at on channels (uploads_checked_at asc nulls first)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("channels_uploads_checked_at").execute();
  await db.schema.alterTable("channels").dropColumn("upload_check_leased_until").execute();
}
