import { canonicalEmail } from "@tubedigest/contracts/canonical-email";
import { HttpError } from "@tubedigest/http/http-error";
import { type User, UserRepository } from "../store/user-repository.ts";
import { announceProfile } from "./announce-profile.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/**
 * Saves the full name, and the time zone when one is given (checked by `checkTimeZone`). The e-mail is
 * shown but not editable (docs/product.md#settings): newsletters go to it, so changing it would need a
 * confirmation round-trip this screen does not have.
 */
export async function updateProfile(
  context: AuthContext,
  input: {
    userId: string;
    email: string;
    fullName: string | null;
    /** Left out, the stored zone stays. */
    timeZone?: string | undefined;
    /** One of SUMMARY_LANGUAGES, or null for each video's own; left out, the stored choice stays. */
    summaryLanguage?: string | null | undefined;
    correlationId: string;
  },
): Promise<User> {
  const users = new UserRepository(context.db);
  const user = await users.findById(input.userId);
  if (!user) throw new HttpError(404, messages.accountGone);
  if (user.email_canonical !== canonicalEmail(input.email)) throw new HttpError(400, messages.emailImmutable);
  return context.db.transaction().execute(async (trx) => {
    const updated = await new UserRepository(trx).updateProfile(user.id, {
      fullName: input.fullName,
      timeZone: input.timeZone,
      summaryLanguage: input.summaryLanguage,
    });
    if (!updated) throw new HttpError(404, messages.accountGone);
    await announceProfile(context, trx, updated, input.correlationId);
    return updated;
  });
}
