import { HttpError } from "@tubedigest/http/http-error";
import type { MailedLinkPurpose } from "../store/database.ts";
import { SignInLinkRepository } from "../store/sign-in-link-repository.ts";
import { UserRepository } from "../store/user-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/** What a link that does not work is told, by what it was for. */
const invalidLinkMessages = {
  "sign-in": messages.signInLinkInvalid,
  "password-reset": messages.passwordResetInvalid,
} as const;

/**
 * The address of the account a mailed link opens (a sign-in, a password reset), leaving the link unused:
 * the link's page shows it and spends the link only when the person confirms, so a link someone else sent
 * cannot quietly sign a browser into the sender's account, and a mail scanner opening it spends nothing.
 */
export async function lookUpSignInLink(
  context: AuthContext,
  input: { token: string; purpose: MailedLinkPurpose },
): Promise<{ email: string }> {
  const links = new SignInLinkRepository(context.db, input.purpose);
  const userId = await links.holderOf(input.token, context.now());
  const user = userId ? await new UserRepository(context.db).findById(userId) : undefined;
  if (!user) throw new HttpError(401, invalidLinkMessages[input.purpose]);
  return { email: user.email };
}
