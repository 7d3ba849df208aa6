import { canonicalEmail } from "@tubedigest/contracts";
import type { Kysely } from "kysely";
import type { MailerDatabase } from "./database.ts";

/** The addresses no mail goes to, each under its canonical spelling so `Ann@X.io` and `ann@x.io` are one. */
export class SuppressionRepository {
  constructor(private readonly db: Kysely<MailerDatabase>) {}

  /** Adds an address; one already there keeps its first reason. */
  async suppress(email: string, reason: string): Promise<void> {
    await this.db
      .insertInto("suppressions")
      .values({ email: canonicalEmail(email), reason })
      .onConflict((conflict) => conflict.column("email").doNothing())
      .execute();
  }

  async isSuppressed(email: string): Promise<boolean> {
    const row = await this.db
      .selectFrom("suppressions")
      .select("email")
      .where("email", "=", canonicalEmail(email))
      .executeTakeFirst();
    return row !== undefined;
  }
}
