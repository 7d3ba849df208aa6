import {
  SingleSummary,
  SingleSummaryConfirmed,
  SingleSummaryQuote,
} from "@tubedigest/contracts/single-summary";
import { requireUserId, type ServiceApp, signedInOnly } from "@tubedigest/http";
import Type from "typebox";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { confirmSingleSummary } from "../single-summaries/confirm-single-summary.ts";
import { listSingleSummaries } from "../single-summaries/list-single-summaries.ts";
import { quoteSingleSummary } from "../single-summaries/quote-single-summary.ts";
import { errors } from "./schemas.ts";
import { ConfirmBody, QuoteBody } from "./single-summary-schemas.ts";

/**
 * A subscriber's single summaries: the price shown first (nothing charged), the purchase on
 * confirm, and the list with each one's status, price and, once ready, the summary.
 */
export function registerSingleSummaryRoutes(app: ServiceApp, context: SummariserContext): void {
  app.post(
    "/api/process-individual-video/quote",
    {
      preValidation: signedInOnly,
      schema: { body: QuoteBody, response: { 200: SingleSummaryQuote, ...errors } },
    },
    async (request) =>
      quoteSingleSummary(context, { userId: requireUserId(request), videoUrl: request.body.videoUrl }),
  );

  app.post(
    "/api/process-individual-video",
    {
      preValidation: signedInOnly,
      schema: { body: ConfirmBody, response: { 202: SingleSummaryConfirmed, ...errors } },
    },
    async (request, reply) => {
      const answer = await confirmSingleSummary(context, {
        userId: requireUserId(request),
        quoteId: request.body.quoteId,
        correlationId: request.id,
      });
      return reply.code(202).send(answer);
    },
  );

  app.get(
    "/api/single-summaries",
    { schema: { response: { 200: Type.Array(SingleSummary), ...errors } } },
    async (request) => listSingleSummaries(context, requireUserId(request)),
  );
}
