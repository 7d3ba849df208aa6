import {
  END_OTHER_SESSIONS_HEADER,
  ErrorReply,
  SESSION_USER_HEADER,
  type ServiceApp,
} from "@tubedigest/http";
import type { AuthContext } from "../domain/auth-context.ts";
import { lookUpSignInLink } from "../domain/look-up-sign-in-link.ts";
import { messages } from "../domain/messages.ts";
import { requestMailedLink } from "../domain/request-mailed-link.ts";
import { signInWithLink } from "../domain/sign-in-with-link.ts";
import {
  AccountReply,
  EmailOnlyBody,
  NoticeReply,
  SignInLinkAccountReply,
  SignInWithLinkBody,
  toAccount,
} from "./schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/** Sign-in by a link mailed to the address: how an owner proves an address and gets in without a password. */
export function registerSignInLinkRoutes(app: ServiceApp, context: AuthContext): void {
  // The same call under both names: the web app's sign-in-link page uses /send-sign-in-link.
  for (const path of ["/api/auth/sign-in-link", "/api/auth/send-sign-in-link"]) {
    app.post(
      path,
      { schema: { body: EmailOnlyBody, response: { 202: NoticeReply, ...errors } } },
      async (request, reply) => {
        await requestMailedLink(context, {
          email: request.body.email.trim(),
          purpose: "sign-in",
          correlationId: request.id,
        });
        return reply.status(202).send({ message: messages.signInLinkRequested });
      },
    );
  }

  // Read-only: the link's page asks first and spends the link only on the person's click.
  app.post(
    "/api/auth/sign-in-link/preview",
    { schema: { body: SignInWithLinkBody, response: { 200: SignInLinkAccountReply, ...errors } } },
    async (request) => lookUpSignInLink(context, { token: request.body.token, purpose: "sign-in" }),
  );

  app.post(
    "/api/auth/sign-in-with-link",
    { schema: { body: SignInWithLinkBody, response: { 200: AccountReply, ...errors } } },
    async (request, reply) => {
      const { user, proved } = await signInWithLink(context, {
        token: request.body.token,
        correlationId: request.id,
      });
      if (proved) reply.header(END_OTHER_SESSIONS_HEADER, user.id);
      return reply.header(SESSION_USER_HEADER, user.id).send(toAccount(user));
    },
  );
}
