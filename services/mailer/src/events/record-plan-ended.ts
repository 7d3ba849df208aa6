import { handleOnce } from "@tubedigest/bus";
import type { MailerContext } from "../domain/mailer-context.ts";
import type { MailerDatabase } from "../store/database.ts";
import { recordPlanState } from "./plan-state.ts";

/** A subscriber who pays gets no abandonment e-mail; one whose plan expired may again. */
export const recordPlanEnded = (context: MailerContext) =>
  handleOnce<MailerDatabase, "subscription.expired">(context.db, async (event, { trx }) => {
    await recordPlanState(trx, event, { planName: null, accessEndsAt: null });
  });
