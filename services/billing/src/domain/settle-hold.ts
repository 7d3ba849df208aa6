import { HttpError } from "@tubedigest/http/http-error";
import type { HoldStatus } from "../store/database.ts";
import { type Hold, HoldRepository } from "../store/hold-repository.ts";
import type { BillingContext } from "./billing-context.ts";
import { messages } from "./messages.ts";
import { askStripe, requireCards } from "./require-cards.ts";

type Outcome = Exclude<HoldStatus, "held">;

/** The caller's own hold; anyone else's is answered as none. */
function ownHold(hold: Hold | undefined, userId: string): Hold {
  if (!hold || hold.user_id !== userId) throw new HttpError(404, messages.holdNotFound);
  return hold;
}

/** The hold when it is already settled this way; a 409 when it was settled the other; undefined while held. */
function settledAlready(hold: Hold, outcome: Outcome): Hold | undefined {
  if (hold.status === outcome) return hold;
  if (hold.status !== "held") throw new HttpError(409, `This charge was already ${hold.status}.`);
  return undefined;
}

/**
 * Takes a held charge (the summary was delivered) or lets it go (the work failed). Settling again the
 * same way answers the same; the other way round is a 409: money taken is not released, nor the reverse.
 * Stripe is asked before the hold's row is locked, with a key naming the payment, so a slow answer
 * blocks nobody and asking twice takes once; a capture and a release racing are settled by Stripe,
 * which accepts only the first of them.
 */
export async function settleHold(
  context: BillingContext,
  input: { userId: string; holdId: string; outcome: Outcome },
): Promise<Hold> {
  const { userId, outcome } = input;
  const hold = ownHold(await new HoldRepository(context.db).find(input.holdId), userId);
  const settled = settledAlready(hold, outcome);
  if (settled) return settled;
  const paymentIntentId = hold.payment_intent_id;
  if (paymentIntentId !== null) {
    const cards = requireCards(context);
    await askStripe(context, `${outcome} hold`, () =>
      outcome === "captured" ? cards.capture(paymentIntentId) : cards.release(paymentIntentId),
    );
  }
  return context.db.transaction().execute(async (trx) => {
    const holds = new HoldRepository(trx);
    const locked = ownHold(await holds.lock(hold.id), userId);
    const meanwhile = settledAlready(locked, outcome);
    if (meanwhile) return meanwhile;
    const settledAt = context.now();
    await holds.settle(locked.id, outcome, settledAt);
    return { ...locked, status: outcome, settled_at: settledAt };
  });
}
