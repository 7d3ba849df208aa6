import { ErrorReply, HttpError, type ServiceApp } from "@tubedigest/http";
import type { FastifyReply } from "fastify";
import type { MailerContext } from "../domain/mailer-context.ts";
import { readerOfUnsubscribeLink } from "../domain/reader-of-unsubscribe-link.ts";
import { setDigestSubscription } from "../domain/set-digest-subscription.ts";
import { PAGE_SECURITY_POLICY } from "./page-security.ts";
import { HtmlPage, HtmlPageOrError, UnsubscribeQuery } from "./schemas.ts";
import { unsubscribePage } from "./unsubscribe-page.ts";

export const UNSUBSCRIBE_PATH = "/api/unsubscribe";
const UNDO_PATH = "/api/unsubscribe/undo";

const html = (reply: FastifyReply, status: number, page: Parameters<typeof unsubscribePage>[0]) =>
  reply
    .code(status)
    .type("text/html; charset=utf-8")
    .header("content-security-policy", PAGE_SECURITY_POLICY)
    .send(unsubscribePage(page));

const linkTo = (path: string, token: string) => `${path}?token=${encodeURIComponent(token)}`;

/**
 * Unsubscribing stops e-mail only (the law asks that it be one click and nothing more), so a paying
 * reader is told the plan goes on, and where to pause or cancel it instead.
 */
const PLAN_GOES_ON = {
  text: "Your paid plan stays active and renews as before: unsubscribing stops the e-mails only. To stop paying, cancel the plan; to take a break, pause deliveries.",
  links: [
    { label: "Cancel my plan", href: "/settings?tab=subscription" },
    { label: "Pause deliveries", href: "/settings?tab=account" },
  ],
};

/** A refused link's page (readerOfUnsubscribeLink says why and what to do), or the failure as it is. */
function refused(reply: FastifyReply, error: unknown) {
  if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
  return html(reply, error.statusCode, { title: "Link not valid", text: error.message });
}

/**
 * The digest's unsubscribe link (RFC 8058). GET, which link checkers and previews also do, only asks;
 * POST — the mail client's one-click button, or the page's own — unsubscribes at once, with no session
 * or CSRF token: the signed token, while of the reader's current generation, is the whole authority. The
 * page after offers to undo it.
 */
export function registerUnsubscribeRoutes(app: ServiceApp, context: MailerContext): void {
  // Mail clients post `List-Unsubscribe=One-Click` as a form (urlencoded or multipart); nothing in it matters.
  for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
    app.addContentTypeParser(type, { parseAs: "string", bodyLimit: 4096 }, (_request, _body, done) =>
      done(null, {}),
    );
  }
  const schema = {
    querystring: UnsubscribeQuery,
    response: { "2xx": HtmlPage, "4xx": HtmlPageOrError, "5xx": ErrorReply },
  };

  app.get(UNSUBSCRIBE_PATH, { schema }, async (request, reply) => {
    const token = request.query.token;
    let paying: boolean;
    try {
      paying = (await readerOfUnsubscribeLink(context, context.db, token)).paying;
    } catch (error) {
      return refused(reply, error);
    }
    return html(reply, 200, {
      title: "Unsubscribe from the weekly digest?",
      text: "You will get no more weekly newsletters. Your account, channels and past newsletters stay as they are.",
      button: { label: "Unsubscribe", action: linkTo(UNSUBSCRIBE_PATH, token) },
      ...(paying ? { note: PLAN_GOES_ON } : {}),
    });
  });

  for (const [path, subscribed] of [
    [UNSUBSCRIBE_PATH, false],
    [UNDO_PATH, true],
  ] as const) {
    app.post(path, { schema }, async (request, reply) => {
      const token = request.query.token;
      let paying: boolean;
      try {
        ({ paying } = await setDigestSubscription(context, { token, subscribed, correlationId: request.id }));
      } catch (error) {
        return refused(reply, error);
      }
      return subscribed
        ? html(reply, 200, {
            title: "You are subscribed again",
            text: "Your weekly newsletter arrives again at your delivery time (Monday 9:00 unless you chose another in settings).",
          })
        : html(reply, 200, {
            title: "You are unsubscribed",
            text: "You will get no more weekly newsletters. Changed your mind?",
            button: { label: "Re-subscribe", action: linkTo(UNDO_PATH, token) },
            ...(paying ? { note: PLAN_GOES_ON } : {}),
          });
    });
  }
}
