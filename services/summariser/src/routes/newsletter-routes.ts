import {
  GeneratedReply,
  NewsletterHistoryItem,
  NewsletterPage,
  OnItsWayReply,
} from "@tubedigest/contracts/newsletters";
import { optionalUserId, requireUserId, type ServiceApp } from "@tubedigest/http";
import Type from "typebox";
import { generateNewsletterNow } from "../digest/generate-newsletter-now.ts";
import { newsletterHistory } from "../digest/newsletter-history.ts";
import { readNewsletter } from "../digest/read-newsletter.ts";
import type { SummariserContext } from "../shared/summariser-context.ts";
import {
  GenerateNewsletterBody,
  NewsletterHistoryQuery,
  NewsletterPageParams,
  NewsletterPageQuery,
} from "./newsletter-schemas.ts";
import { errors } from "./schemas.ts";

/**
 * The dashboard's newsletters: the signed-in user's history, one past newsletter's page (also for the
 * e-mail's signed "Read in your browser" link), and a newsletter made now.
 */
export function registerNewsletterRoutes(app: ServiceApp, context: SummariserContext): void {
  app.get(
    "/api/newsletters",
    {
      schema: {
        querystring: NewsletterHistoryQuery,
        response: { 200: Type.Array(NewsletterHistoryItem), ...errors },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { items, total } = await newsletterHistory(context, userId, request.query);
      return reply.header("x-total-count", String(total)).send(items);
    },
  );

  app.get(
    "/api/newsletters/:id",
    {
      schema: {
        params: NewsletterPageParams,
        querystring: NewsletterPageQuery,
        response: { 200: NewsletterPage, ...errors },
      },
    },
    async (request) =>
      readNewsletter(context, request.params.id, {
        userId: optionalUserId(request),
        token: request.query.token,
      }),
  );

  app.post(
    "/api/generate-newsletter",
    {
      schema: {
        body: GenerateNewsletterBody,
        response: { 200: GeneratedReply, 202: OnItsWayReply, ...errors },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const generated = await generateNewsletterNow(context, userId);
      return reply.code(generated.status).send(generated.body);
    },
  );
}
