import { canonicalEmail } from "@tubedigest/contracts/canonical-email";
import { type Kysely, type Selectable, sql } from "kysely";
import type { MailerDatabase, RecipientsTable } from "./database.ts";

export type Recipient = Selectable<RecipientsTable>;

/** What a billing event says of the account's plan; a field left out is as the event before left it. */
export interface PlanState {
  paying: boolean;
  /** The plan in force and its display name, from an event that names it; null once none is. */
  plan?: { id: string; name: string } | null;
  accessEndsAt?: Date | null;
  testMode?: boolean;
}

/** What the mailer knows of each account, kept from auth's and billing's events. */
export class RecipientRepository {
  constructor(private readonly db: Kysely<MailerDatabase>) {}

  find(userId: string): Promise<Recipient | undefined> {
    return this.db.selectFrom("recipients").selectAll().where("user_id", "=", userId).executeTakeFirst();
  }

  /**
   * The recipient, locked until the transaction ends: what decides between an account's welcome and its
   * abandonment reminder takes it first, so the two never decide on what the other has not committed.
   */
  lock(userId: string): Promise<Recipient | undefined> {
    return this.db
      .selectFrom("recipients")
      .selectAll()
      .where("user_id", "=", userId)
      .forUpdate()
      .executeTakeFirst();
  }

  findByEmail(email: string): Promise<Recipient | undefined> {
    return this.db
      .selectFrom("recipients")
      .selectAll()
      .where("canonical_email", "=", canonicalEmail(email))
      .executeTakeFirst();
  }

  /** A new account's or a changed profile's; how the account was made is known only from its sign-up. */
  async save(input: {
    userId: string;
    email: string;
    fullName: string | null;
    passwordless?: boolean;
  }): Promise<void> {
    const values = {
      email: input.email,
      canonical_email: canonicalEmail(input.email),
      full_name: input.fullName,
      updated_at: sql<Date>`now()`,
    };
    await this.db
      .insertInto("recipients")
      .values({ user_id: input.userId, passwordless: input.passwordless ?? false, ...values })
      .onConflict((conflict) => conflict.column("user_id").doUpdateSet(values))
      .execute();
  }

  async setTrialEnd(userId: string, trialEndsAt: Date): Promise<void> {
    await this.db
      .updateTable("recipients")
      .set({ trial_ends_at: trialEndsAt, updated_at: sql<Date>`now()` })
      .where("user_id", "=", userId)
      .execute();
  }

  /**
   * Records what a billing event of moment `at` says of the account's plan, unless an event of a later
   * moment already has: events reach the mailer on several queues, and a retried one comes late.
   */
  async applyPlanState(userId: string, at: Date, state: PlanState): Promise<void> {
    await this.db
      .updateTable("recipients")
      .set({
        paying: state.paying,
        ...(state.plan !== undefined
          ? { plan: state.plan?.id ?? null, plan_name: state.plan?.name ?? null }
          : {}),
        ...(state.accessEndsAt !== undefined ? { access_ends_at: state.accessEndsAt } : {}),
        ...(state.testMode !== undefined ? { test_mode: state.testMode } : {}),
        plan_state_at: at,
        updated_at: sql<Date>`now()`,
      })
      .where("user_id", "=", userId)
      .where((eb) => eb.or([eb("plan_state_at", "is", null), eb("plan_state_at", "<=", at)]))
      .execute();
  }

  /**
   * Moves the reader's unsubscribe links to a new generation, so none signed before works; answers it, or
   * undefined for a reader not known (sent no link yet).
   */
  async renewUnsubscribeGeneration(userId: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable("recipients")
      .set((eb) => ({
        unsubscribe_generation: eb("unsubscribe_generation", "+", 1),
        updated_at: sql<Date>`now()`,
      }))
      .where("user_id", "=", userId)
      .returning("unsubscribe_generation")
      .executeTakeFirst();
    return row?.unsubscribe_generation;
  }

  /** Records the choice; answers false when it was already so (a second click changes nothing). */
  async setUnsubscribed(userId: string, at: Date | null): Promise<boolean> {
    const result = await this.db
      .updateTable("recipients")
      .set({ unsubscribed_at: at, updated_at: sql<Date>`now()` })
      .where("user_id", "=", userId)
      .where("unsubscribed_at", at === null ? "is not" : "is", null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
