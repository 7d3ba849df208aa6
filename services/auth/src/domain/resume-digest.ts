import { createEvent } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http/http-error";
import { UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { type DigestDelivery, digestDelivery } from "./digest-delivery.ts";
import { lockAccount } from "./lock-account.ts";
import { messages } from "./messages.ts";

/**
 * The reader resumes a paused digest: the next Monday's comes, and `digest.resumed` says when they
 * resumed, so a Monday that passed while paused is not sent late. A digest not paused (never, or a pause
 * whose date has come) stays as it is and nothing is announced: resuming twice is resuming once.
 */
export async function resumeDigest(
  context: AuthContext,
  input: { userId: string; correlationId: string },
): Promise<DigestDelivery> {
  return context.db.transaction().execute(async (trx) => {
    const users = new UserRepository(trx);
    const user = await lockAccount(trx, input.userId);
    const now = context.now();
    if (!digestDelivery(user, now).paused) return digestDelivery(user, now);
    const resumed = await users.setDigestPause(user.id, { paused: false, until: null });
    if (!resumed) throw new HttpError(404, messages.accountGone);
    await context.recordEvent(
      trx,
      createEvent("digest.resumed", { userId: user.id }, { correlationId: input.correlationId }),
    );
    return digestDelivery(resumed, now);
  });
}
