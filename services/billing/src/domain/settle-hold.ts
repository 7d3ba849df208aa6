import { HttpError } from "@tubedigest/http";
import type { HoldStatus } from "../store/database.ts";
import { type Hold, HoldRepository } from "../store/hold-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";
import { askStripe, requireCards } from "./require-cards.ts";

/**
 * Takes a held charge (the summary was delivered) or lets it go (the work failed). Settling again the
 * same way answers the same; the other way round is a 409: money taken is not released, nor the reverse.
 */
export async function settleHold(
  context: BillingContext,
  input: { userId: string; holdId: string; outcome: Exclude<HoldStatus, "held"> },
): Promise<Hold> {
  return context.db.transaction().execute(async (trx) => {
    const hold = await new HoldRepository(trx).lock(input.holdId);
    if (!hold || hold.user_id !== input.userId) throw new HttpError(404, messages.holdNotFound);
    if (hold.status === input.outcome) return hold;
    if (hold.status !== "held") throw new HttpError(409, `This charge was already ${hold.status}.`);
    const paymentIntentId = hold.payment_intent_id;
    if (paymentIntentId !== null) {
      const cards = requireCards(context);
      await askStripe(context, `${input.outcome} hold`, () =>
        input.outcome === "captured" ? cards.capture(paymentIntentId) : cards.release(paymentIntentId),
      );
    }
    const settledAt = context.now();
    await new HoldRepository(trx).settle(hold.id, input.outcome, settledAt);
    return { ...hold, status: input.outcome, settled_at: settledAt };
  });
}
