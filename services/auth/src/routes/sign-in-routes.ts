import { DEFAULT_TIME_ZONE } from "@tubedigest/contracts/time-zone";
import {
  END_OTHER_SESSIONS_HEADER,
  ErrorReply,
  SESSION_USER_HEADER,
  type ServiceApp,
} from "@tubedigest/http";
import type { AuthContext } from "../domain/auth-context.ts";
import { checkTimeZone } from "../domain/check-time-zone.ts";
import { logIn } from "../domain/log-in.ts";
import { logInWithEmail } from "../domain/log-in-with-email.ts";
import { messages } from "../domain/messages.ts";
import { registerWithEmail } from "../domain/register-with-email.ts";
import { registerWithPassword } from "../domain/register-with-password.ts";
import { type ClaimCookieOptions, clearClaim, readClaim, writeClaim } from "./claim-cookie.ts";
import {
  AccountReply,
  EmailOnlyBody,
  LoginBody,
  NoticeReply,
  RegisterBody,
  RegisterWithEmailBody,
  toAccount,
  toSelectedChannel,
} from "./schemas.ts";
import { visitorOf } from "./visitor.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/**
 * `/api/auth/*` (docs/product.md#api): the answers that sign a browser in carry the session directive for the
 * gateway.
 */
export function registerSignInRoutes(
  app: ServiceApp,
  context: AuthContext,
  cookies: ClaimCookieOptions,
): void {
  app.post(
    "/api/auth/register",
    { schema: { body: RegisterBody, response: { 201: AccountReply, 202: NoticeReply, ...errors } } },
    async (request, reply) => {
      const outcome = await registerWithPassword(context, {
        email: request.body.email.trim(),
        password: request.body.password,
        timeZone: checkTimeZone(request.body.timeZone ?? DEFAULT_TIME_ZONE),
        visitor: visitorOf(request),
        correlationId: request.id,
      });
      if (outcome.kind === "sign-in-link-sent") {
        return reply.status(202).send({ message: messages.signInLinkSentToAccount });
      }
      if (outcome.kind === "first-password") {
        clearClaim(reply, cookies);
        reply.header(END_OTHER_SESSIONS_HEADER, outcome.user.id);
      }
      return reply.status(201).header(SESSION_USER_HEADER, outcome.user.id).send(toAccount(outcome.user));
    },
  );

  app.post(
    "/api/auth/login",
    { schema: { body: LoginBody, response: { 200: AccountReply, ...errors } } },
    async (request, reply) => {
      const user = await logIn(context, {
        email: request.body.email.trim(),
        password: request.body.password,
      });
      return reply.header(SESSION_USER_HEADER, user.id).send(toAccount(user));
    },
  );

  app.post(
    "/api/auth/register-with-email",
    {
      schema: { body: RegisterWithEmailBody, response: { 200: AccountReply, 201: AccountReply, ...errors } },
    },
    async (request, reply) => {
      const email = request.body.email.trim();
      const outcome = await registerWithEmail(context, {
        email,
        visitor: visitorOf(request),
        selectedChannels: (request.body.channels ?? []).map(toSelectedChannel),
        timeZone: checkTimeZone(request.body.timeZone ?? DEFAULT_TIME_ZONE),
        correlationId: request.id,
      });
      if (outcome.kind === "repeated") return reply.status(200).send(toAccount(outcome.user));
      // One answer for a new account and for an address that already has one (with a claim naming
      // nothing): built here from the request alone, so nothing of a stored account can leak into it.
      writeClaim(reply, outcome.claimId, cookies);
      return reply.status(201).send({ email, fullName: null });
    },
  );

  app.post(
    "/api/auth/login-with-email",
    { schema: { body: EmailOnlyBody, response: { 200: AccountReply, ...errors } } },
    async (request, reply) => {
      const user = await logInWithEmail(context, {
        email: request.body.email.trim(),
        claimId: readClaim(request),
      });
      return reply.header(SESSION_USER_HEADER, user.id).send(toAccount(user));
    },
  );
}
