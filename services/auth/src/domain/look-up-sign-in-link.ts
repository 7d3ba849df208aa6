import { HttpError } from "@tubedigest/http/http-error";
import { SignInLinkRepository } from "../store/sign-in-link-repository.ts";
import { UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/**
 * The address of the account a sign-in link signs into, leaving the link unused: the link's page shows it
 * and spends the link only when the person confirms, so a link someone else sent cannot quietly sign a
 * browser into the sender's account.
 */
export async function lookUpSignInLink(
  context: AuthContext,
  input: { token: string },
): Promise<{ email: string }> {
  const userId = await new SignInLinkRepository(context.db).holderOf(input.token, context.now());
  const user = userId ? await new UserRepository(context.db).findById(userId) : undefined;
  if (!user) throw new HttpError(401, messages.signInLinkInvalid);
  return { email: user.email };
}
