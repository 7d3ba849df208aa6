import { ErrorReply, normaliseEmail, SESSION_USER_HEADER, type ServiceApp } from "@tubedigest/http";
import type { AuthContext } from "../domain/auth-context.ts";
import { type ClaimCookieOptions, clearClaim, readClaim, writeClaim } from "../domain/claim-cookie.ts";
import { logIn } from "../domain/log-in.ts";
import { logInWithEmail } from "../domain/log-in-with-email.ts";
import { registerWithEmail } from "../domain/register-with-email.ts";
import { registerWithPassword } from "../domain/register-with-password.ts";
import {
  AccountReply,
  EmailOnlyBody,
  LoginBody,
  RegisterBody,
  RegisterWithEmailBody,
  toAccount,
  toSelectedChannel,
} from "./schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/** SPEC §7 `/api/auth/*`: the answers that sign a browser in carry the session directive for the gateway. */
export function registerSignInRoutes(
  app: ServiceApp,
  context: AuthContext,
  cookies: ClaimCookieOptions,
): void {
  app.post(
    "/api/auth/register",
    { schema: { body: RegisterBody, response: { 200: AccountReply, 201: AccountReply, ...errors } } },
    async (request, reply) => {
      const claimedUserId = readClaim(request);
      const user = await registerWithPassword(context, {
        email: normaliseEmail(request.body.email),
        password: request.body.password,
        claimedUserId,
        correlationId: request.id,
      });
      if (claimedUserId) clearClaim(reply, cookies);
      return reply.status(201).header(SESSION_USER_HEADER, user.id).send(toAccount(user));
    },
  );

  app.post(
    "/api/auth/login",
    { schema: { body: LoginBody, response: { 200: AccountReply, ...errors } } },
    async (request, reply) => {
      const user = await logIn(context, {
        email: normaliseEmail(request.body.email),
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
      const { user, created } = await registerWithEmail(context, {
        email: normaliseEmail(request.body.email),
        claimedUserId: readClaim(request),
        selectedChannels: (request.body.channels ?? []).map(toSelectedChannel),
        correlationId: request.id,
      });
      writeClaim(reply, user.id, cookies);
      return reply.status(created ? 201 : 200).send(toAccount(user));
    },
  );

  app.post(
    "/api/auth/login-with-email",
    { schema: { body: EmailOnlyBody, response: { 200: AccountReply, ...errors } } },
    async (request, reply) => {
      const user = await logInWithEmail(context, {
        email: normaliseEmail(request.body.email),
        claimedUserId: readClaim(request),
      });
      return reply.header(SESSION_USER_HEADER, user.id).send(toAccount(user));
    },
  );
}
