import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  // Null until the owner follows a sign-in link sent to the address.
  await db.schema.alterTable("users").addColumn("email_proven_at", "timestamptz").execute();
  await db.schema
    .createTable("claims")
    .addColumn("id", "uuid", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn("expires_at", "timestamptz", (column) => column.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema.createIndex("claims_user_id").on("claims").column("user_id").execute();
  await db.schema
    .createTable("sign_in_links")
    .addColumn("token_hash", "text", (column) => column.primaryKey())
    .addColumn("user_id", "uuid", (column) => column.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "timestamptz", (column) => column.notNull())
    .addColumn("expires_at", "timestamptz", (column) => column.notNull())
    .addColumn("used_at", "timestamptz")
    .execute();
  await db.schema
    .createIndex("sign_in_links_user_id_created_at")
    .on("sign_in_links")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sign_in_links").execute();
  await db.schema.dropTable("claims").execute();
  await db.schema.alterTable("users").dropColumn("email_proven_at").execute();
}
