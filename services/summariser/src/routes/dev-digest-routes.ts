import type { DevClock, ServiceApp } from "@tubedigest/http";
import Type from "typebox";
import { deliverDigestsNow } from "../digest/deliver-digests-now.ts";
import { digestProgress } from "../digest/digest-progress.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { DeliverDigestReply, DigestStatusReply } from "./newsletter-schemas.ts";
import { errors } from "./schemas.ts";

const HOUR_MS = 3_600_000;

const ClockBody = Type.Object(
  {
    hours: Type.Integer({ minimum: 1, maximum: 24 * 28, errorMessage: "Please give whole hours, 1 to 672." }),
  },
  {
    additionalProperties: false,
    errorMessage: { required: { hours: "Please give whole hours, 1 to 672." } },
  },
);
const ClockReply = Type.Object({ now: Type.String({ format: "date-time" }) });

/**
 * Development only (never registered otherwise): this week's digests now, without waiting for Monday
 * 09:00, and how far they have come; and, when the product runs in one process, its clock moved forward
 * (`POST /dev/clock`), to try a daily digest's next days, or next week's, now.
 */
export function registerDevDigestRoutes(app: ServiceApp, context: SummariserContext, clock?: DevClock): void {
  app.post(
    "/dev/deliver-digest",
    { schema: { response: { 200: DeliverDigestReply, ...errors } } },
    async () => deliverDigestsNow(context),
  );

  app.get(
    "/dev/digest-status",
    { schema: { response: { 200: DigestStatusReply, ...errors } } },
    async () => ({ weeks: await digestProgress(context.db), jobs: await context.digest.jobs.counts() }),
  );

  if (!clock) return;
  app.post(
    "/dev/clock",
    { schema: { body: ClockBody, response: { 200: ClockReply, ...errors } } },
    async (request) => ({ now: clock.advance(request.body.hours * HOUR_MS).toISOString() }),
  );
}
