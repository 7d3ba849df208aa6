import { HttpError } from "@tubedigest/http/http-error";
import { ClaimRepository } from "../store/claim-repository.ts";
import type { User } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/**
 * The automatic login after the landing page's flow: the browser holding a live claim on the account
 * gets in once, and the claim is spent, so signing out signs it out for good. Anyone else gets a 401
 * and the account is untouched.
 */
export async function logInWithEmail(
  context: AuthContext,
  input: { email: string; claimId: string | undefined },
): Promise<User> {
  const user = input.claimId
    ? await new ClaimRepository(context.db).consume(input.claimId, input.email, context.now())
    : undefined;
  if (!user) throw new HttpError(401, messages.claimMissing);
  return user;
}
