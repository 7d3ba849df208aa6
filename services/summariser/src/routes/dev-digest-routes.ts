import type { ServiceApp } from "@tubedigest/http";
import { deliverDigestsNow } from "../digest/deliver-digests-now.ts";
import { digestProgress } from "../digest/digest-progress.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { DeliverDigestReply, DigestStatusReply } from "./newsletter-schemas.ts";
import { errors } from "./schemas.ts";

/**
 * Development only (never registered otherwise): this week's digests now, without waiting for Monday
 * 09:00, and how far they have come.
 */
export function registerDevDigestRoutes(app: ServiceApp, context: SummariserContext): void {
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
}
