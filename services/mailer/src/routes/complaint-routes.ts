import { createHash, timingSafeEqual } from "node:crypto";
import { EmailAddress, HttpError, type ServiceApp } from "@tubedigest/http";
import Type from "typebox";
import { readComplaintReport } from "../domain/complaint-report.ts";
import type { MailerContext } from "../domain/mailer-context.ts";
import { recordComplaint } from "../domain/record-complaint.ts";
import { errors } from "./schemas.ts";

export const MAIL_COMPLAINTS_PATH = "/api/webhooks/mail-complaints";

/** A report carries a copy of the message complained of: room for the longest digest, several times over. */
const REPORT_BODY_LIMIT = 1024 * 1024;
const REPORT_TYPES = ["message/rfc822", "multipart/report"] as const;

const ComplaintJson = Type.Object(
  {
    email: Type.Optional(EmailAddress),
    messageId: Type.Optional(
      Type.String({
        maxLength: 300,
        pattern: "^<[^<>\\s\\p{Cc}]+@[^<>\\s\\p{Cc}]+>$",
        errorMessage: "messageId must be a Message-ID as its header writes it: <…@domain>.",
      }),
    ),
  },
  { additionalProperties: false },
);
const RawReport = Type.String({ maxLength: REPORT_BODY_LIMIT, description: "An ARF report (RFC 5965)" });
const ComplaintReply = Type.Object({
  message: Type.String(),
  outcome: Type.Union([Type.Literal("suppressed"), Type.Literal("not-a-complaint")]),
});

const MESSAGES = {
  unauthorised: "A complaint report needs the header Authorization: Bearer <MAIL_COMPLAINTS_SECRET>.",
  empty: "Name the recipient (email) or the message complained of (messageId).",
  unknown:
    "The report names neither a message this mailer sent nor a recipient, so no address was suppressed.",
  suppressed: "The recipient complained: no more mail goes to that address.",
  ignored: "The report is not a complaint (its Feedback-Type is neither abuse nor fraud): nothing changed.",
};

/** Whether `header` is `Bearer <secret>`, compared in constant time. */
function bearerMatches(header: string | undefined, secret: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return header !== undefined && timingSafeEqual(digest(header), digest(`Bearer ${secret}`));
}

/**
 * `POST /api/webhooks/mail-complaints`: spam complaints from mailbox providers' feedback loops, posted with
 * the bearer token `secret` — an ARF report as the provider mailed it (`message/rfc822` or
 * `multipart/report`, e.g. piped from the abuse mailbox), or a provider's webhook mapped to
 * `{ email }` or `{ messageId }`. Each complaint suppresses its address, as a hard bounce does.
 */
export function registerComplaintRoutes(app: ServiceApp, context: MailerContext, secret: string): void {
  app.register(async (scope) => {
    for (const type of REPORT_TYPES) {
      scope.addContentTypeParser(
        type,
        { parseAs: "string", bodyLimit: REPORT_BODY_LIMIT },
        (_request, body, done) => done(null, body),
      );
    }
    scope.post(
      MAIL_COMPLAINTS_PATH,
      {
        bodyLimit: REPORT_BODY_LIMIT,
        schema: {
          headers: Type.Object({ authorization: Type.Optional(Type.String({ maxLength: 1000 })) }),
          body: {
            content: {
              "application/json": { schema: ComplaintJson },
              ...Object.fromEntries(REPORT_TYPES.map((type) => [type, { schema: RawReport }])),
            },
          },
          response: { 200: ComplaintReply, ...errors },
        },
      },
      async (request) => {
        if (!bearerMatches(request.headers.authorization, secret))
          throw new HttpError(401, MESSAGES.unauthorised);
        const body = request.body as string | { email?: string; messageId?: string };
        if (typeof body !== "string" && !body.email && !body.messageId)
          throw new HttpError(400, MESSAGES.empty);
        const report =
          typeof body === "string"
            ? readComplaintReport(body)
            : { feedbackType: "abuse", recipient: body.email, messageId: body.messageId };
        const outcome = await recordComplaint(context, report);
        if (outcome === "recipient-unknown") throw new HttpError(422, MESSAGES.unknown);
        request.log.info({ outcome, feedbackType: report.feedbackType }, "mail complaint report");
        return { message: outcome === "suppressed" ? MESSAGES.suppressed : MESSAGES.ignored, outcome };
      },
    );
  });
}
