import type { Kysely, Selectable } from "kysely";
import type { AccountsTable, BillingDatabase } from "./database.ts";

export type Account = Selectable<AccountsTable>;

/** Billing's copy of each account: the e-mail a checkout finds it by, its trial and its Stripe customer. */
export class AccountRepository {
  constructor(private readonly db: Kysely<BillingDatabase>) {}

  /** Records a new account once; a redelivered sign-up changes nothing. */
  /** Answers whether the account is new (false when it was already recorded: a redelivered sign-up). */
  async insertIfAbsent(account: { userId: string; email: string; createdAt: Date; trialEndsAt: Date }) {
    const inserted = await this.db
      .insertInto("accounts")
      .values({
        user_id: account.userId,
        email: account.email,
        created_at: account.createdAt,
        trial_ends_at: account.trialEndsAt,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning("user_id")
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async updateEmail(userId: string, email: string): Promise<void> {
    await this.db.updateTable("accounts").set({ email }).where("user_id", "=", userId).execute();
  }

  async find(userId: string): Promise<Account | undefined> {
    return this.db.selectFrom("accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
  }

  async findByEmail(email: string): Promise<Account | undefined> {
    return this.db.selectFrom("accounts").selectAll().where("email", "=", email).executeTakeFirst();
  }

  /** Reads the account and holds it until the transaction ends: one billing change per user at a time. */
  async lock(userId: string): Promise<Account | undefined> {
    return this.db
      .selectFrom("accounts")
      .selectAll()
      .where("user_id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** Keeps the first customer recorded: two checkouts at once were given the same one by its key. */
  async setCustomerIfAbsent(userId: string, customerId: string): Promise<void> {
    await this.db
      .updateTable("accounts")
      .set({ stripe_customer_id: customerId })
      .where("user_id", "=", userId)
      .where("stripe_customer_id", "is", null)
      .execute();
  }

  async findByCustomer(customerId: string): Promise<Account | undefined> {
    return this.db
      .selectFrom("accounts")
      .selectAll()
      .where("stripe_customer_id", "=", customerId)
      .executeTakeFirst();
  }

  /** Test mode's 'End Trial Now': the free days end at `at` instead. */
  async moveTrialEnd(userId: string, at: Date): Promise<void> {
    await this.db.updateTable("accounts").set({ trial_ends_at: at }).where("user_id", "=", userId).execute();
  }

  async endTrial(userId: string, at: Date): Promise<void> {
    await this.db
      .updateTable("accounts")
      .set({ trial_ended_at: at })
      .where("user_id", "=", userId)
      .where("trial_ended_at", "is", null)
      .execute();
  }

  /** Trials past their end and not yet ended, locked and skipped by any other replica sweeping too. */
  async lockDueTrials(now: Date, limit: number): Promise<Account[]> {
    return this.db
      .selectFrom("accounts")
      .selectAll()
      .where("trial_ended_at", "is", null)
      .where("trial_ends_at", "<=", now)
      .orderBy("trial_ends_at")
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  /** Trials ending within `notice` of `now` whose reminder was not written yet, locked for this sweep. */
  async lockTrialsEndingSoon(now: Date, noticeMs: number, limit: number): Promise<Account[]> {
    return this.db
      .selectFrom("accounts")
      .selectAll()
      .where("trial_ended_at", "is", null)
      .where("trial_ending_noticed_at", "is", null)
      .where("trial_ends_at", ">", now)
      .where("trial_ends_at", "<=", new Date(now.getTime() + noticeMs))
      .orderBy("trial_ends_at")
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  }

  async markTrialEndingNoticed(userId: string, at: Date): Promise<void> {
    await this.db
      .updateTable("accounts")
      .set({ trial_ending_noticed_at: at })
      .where("user_id", "=", userId)
      .execute();
  }
}
