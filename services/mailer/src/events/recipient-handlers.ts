import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import type { MailerDatabase } from "../store/database.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";
import { SuppressionRepository } from "../store/suppression-repository.ts";
import { recordPlanState } from "./plan-state.ts";

/**
 * Where to write to a new account, and under what name. An address whose earlier account was deleted
 * (suppressed by hash since) takes mail again: its owner signed up anew.
 */
export const recordNewRecipient = (context: MailerContext) =>
  handleOnce<MailerDatabase, "user.registered">(context.db, async (event, { trx }) => {
    const { userId, email, fullName, passwordless } = event.data;
    await new RecipientRepository(trx).save({ userId, email, fullName, passwordless });
    await new SuppressionRepository(trx).liftErased(email);
  });

/** A profile's new address or name is the one later mail uses. */
export const recordChangedRecipient = (context: MailerContext) =>
  handleOnce<MailerDatabase, "user.updated">(context.db, async (event, { trx }) => {
    const { userId, email, fullName } = event.data;
    await new RecipientRepository(trx).save({ userId, email, fullName });
  });

/** A subscriber who pays gets no abandonment e-mail; one whose plan expired may again. */
export const recordPlanEnded = (context: MailerContext) =>
  handleOnce<MailerDatabase, "subscription.expired">(context.db, async (event, { trx }) => {
    await recordPlanState(trx, event, { planName: null, accessEndsAt: null });
  });
