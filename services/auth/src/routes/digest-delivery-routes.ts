import { DigestDeliveryReply } from "@tubedigest/contracts/reader-settings";
import { ErrorReply, HttpError, requireCaller, type ServiceApp } from "@tubedigest/http";
import type { AuthContext } from "../domain/auth-context.ts";
import { digestDelivery } from "../domain/digest-delivery.ts";
import { messages } from "../domain/messages.ts";
import { pauseDigest } from "../domain/pause-digest.ts";
import { resumeDigest } from "../domain/resume-digest.ts";
import { UserRepository } from "../store/user-repository.ts";
import { DigestPauseBody } from "./settings-schemas.ts";

const errors = { "4xx": ErrorReply, "5xx": ErrorReply };

/** Settings: whether the weekly digest is paused, pausing it (until a date, or until resumed) and resuming it. */
export function registerDigestDeliveryRoutes(app: ServiceApp, context: AuthContext): void {
  app.get(
    "/api/user/deliveries",
    { schema: { response: { 200: DigestDeliveryReply, ...errors } } },
    async (request) => {
      const user = await new UserRepository(context.db).findById(requireCaller(request));
      if (!user) throw new HttpError(404, messages.accountGone);
      return digestDelivery(user, context.now());
    },
  );

  app.post(
    "/api/user/deliveries/pause",
    { schema: { body: DigestPauseBody, response: { 200: DigestDeliveryReply, ...errors } } },
    async (request) =>
      pauseDigest(context, {
        userId: requireCaller(request),
        until: request.body.until,
        correlationId: request.id,
      }),
  );

  app.post(
    "/api/user/deliveries/resume",
    { schema: { response: { 200: DigestDeliveryReply, ...errors } } },
    async (request) => resumeDigest(context, { userId: requireCaller(request), correlationId: request.id }),
  );
}
