import { HttpError } from "@tubedigest/http/http-error";
import { EmailChangeRepository } from "../store/email-change-repository.ts";
import type { AuthContext } from "./auth-context.ts";
import { messages } from "./messages.ts";

/**
 * The address a confirmation link would move its account to, leaving the link unused: the link's page
 * shows it and spends the link only on the person's click, so a mail scanner or a preview opening the
 * link moves nothing.
 */
export async function lookUpEmailChange(
  context: AuthContext,
  input: { token: string },
): Promise<{ email: string }> {
  const move = await new EmailChangeRepository(context.db).find(input.token, context.now());
  if (!move) throw new HttpError(410, messages.emailChangeInvalid);
  return { email: move.new_email };
}
