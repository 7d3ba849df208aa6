import { SampleNewsletterReply } from "@tubedigest/contracts/previews";
import type { ServiceApp } from "@tubedigest/http";
import { HttpError } from "@tubedigest/http/http-error";
import type { SampleNewsletter } from "../digest/compose-sample-newsletter.ts";
import { messages } from "../shared/messages.ts";
import { errors } from "./schemas.ts";

/** Browsers may keep the sample a few minutes: it changes at most every few hours. */
const BROWSER_CACHE = "public, max-age=300";

/**
 * The landing page's sample of the weekly e-mail, for anyone: the featured channels' real summaries as a
 * digest shows them, composed at most once at a time and kept (see sample-newsletter-source.ts).
 */
export function registerSampleRoutes(app: ServiceApp, sample: () => Promise<SampleNewsletter | null>): void {
  app.get(
    "/api/sample-newsletter",
    { schema: { response: { 200: SampleNewsletterReply, ...errors } } },
    async (_request, reply) => {
      const current = await sample();
      if (!current) throw new HttpError(503, messages.sampleUnavailable);
      return reply.header("cache-control", BROWSER_CACHE).send(current);
    },
  );
}
