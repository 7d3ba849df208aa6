import { createEvent, pauseDateProblem, todayIn } from "@tubedigest/contracts";
import { HttpError } from "@tubedigest/http/http-error";
import { UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { type DigestDelivery, digestDelivery } from "./digest-delivery.ts";
import { lockAccount } from "./lock-account.ts";
import { messages } from "./messages.ts";

/**
 * The reader pauses their weekly digest until a date (a day after today and within a year, in their own
 * zone) or, with `until` null, until they resume; pausing again moves the end. The summariser learns it
 * from `digest.paused` and sends no digest while it lasts.
 */
export async function pauseDigest(
  context: AuthContext,
  input: { userId: string; until: string | null; correlationId: string },
): Promise<DigestDelivery> {
  return context.db.transaction().execute(async (trx) => {
    const users = new UserRepository(trx);
    const user = await lockAccount(trx, input.userId);
    const now = context.now();
    if (input.until !== null) {
      const problem = pauseDateProblem(input.until, todayIn(user.time_zone, now));
      if (problem) throw new HttpError(400, problem);
    }
    const paused = await users.setDigestPause(user.id, { paused: true, until: input.until });
    if (!paused) throw new HttpError(404, messages.accountGone);
    await context.recordEvent(
      trx,
      createEvent(
        "digest.paused",
        { userId: user.id, until: input.until },
        { correlationId: input.correlationId },
      ),
    );
    return digestDelivery(paused, now);
  });
}
