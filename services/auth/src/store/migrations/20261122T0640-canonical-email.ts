import { type Kysely, sql } from "kysely";
import { canonicalEmail } from "../../domain/canonical-email.ts";

/**
 * Uniqueness and lookups move from Postgres' `lower(email)` to a column JavaScript fills, because the
 * two fold some letters differently (`İ`, final `Σ`) and such an account could be made but never found.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("email_canonical", "text").execute();
  // Computed by the function every lookup uses, so existing rows are found exactly as new ones are.
  // Accounts with a password first, then the oldest: where lower() kept two spellings apart that are one
  // address (`ΑΣ@x.io`, `ας@x.io`), that one keeps the address; the other stays, marked with its id,
  // reachable by nobody's e-mail, for an operator to merge or remove.
  const users = await sql<{ id: string; email: string }>`
    select id, email from users order by password_hash is null, created_at, id
  `.execute(db);
  const taken = new Set<string>();
  for (const user of users.rows) {
    const canonical = canonicalEmail(user.email);
    const stored = taken.has(canonical) ? `${canonical}#duplicate:${user.id}` : canonical;
    taken.add(canonical);
    await sql`update users set email_canonical = ${stored} where id = ${user.id}`.execute(db);
  }
  await db.schema
    .alterTable("users")
    .alterColumn("email_canonical", (column) => column.setNotNull())
    .execute();
  await db.schema
    .createIndex("users_email_canonical_unique")
    .on("users")
    .column("email_canonical")
    .unique()
    .execute();
  await db.schema.dropIndex("users_email_unique").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("users_email_unique")
    .on("users")
    .expression(sql`lower(email)`)
    .unique()
    .execute();
  await db.schema.alterTable("users").dropColumn("email_canonical").execute();
}
