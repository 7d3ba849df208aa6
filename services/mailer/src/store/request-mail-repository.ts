import { type Kysely, sql } from "kysely";
import { addressHash } from "./address-hash.ts";
import type { MailerDatabase } from "./database.ts";

/** Mail a request can trigger, as sent to each address (kept by its hash), for the limit on it. */
export class RequestMailRepository {
  constructor(private readonly db: Kysely<MailerDatabase>) {}

  /**
   * Locks the address until the transaction ends, so transactions counting its mail count one after the
   * other. An advisory lock: an address mailed for the first time has no row to lock.
   */
  async lock(address: string): Promise<void> {
    const key = `mailer.request_mails ${addressHash(address)}`;
    await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(this.db);
  }

  async countSince(address: string, since: Date): Promise<number> {
    const row = await this.db
      .selectFrom("request_mails")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .where("address_hash", "=", addressHash(address))
      .where("sent_at", ">", since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Records one sent to the address at `at`, and drops the rows of every address no count reads any more
   * (sent by `forgetBefore`); rows another transaction is dropping are left to it, so none waits on another.
   */
  async record(address: string, at: Date, forgetBefore: Date): Promise<void> {
    await this.db
      .insertInto("request_mails")
      .values({ address_hash: addressHash(address), sent_at: at })
      .execute();
    await sql`delete from request_mails where ctid in (
      select ctid from request_mails where sent_at <= ${forgetBefore} for update skip locked
    )`.execute(this.db);
  }
}
