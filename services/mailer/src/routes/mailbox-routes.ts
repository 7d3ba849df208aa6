import type { ServiceApp } from "@tubedigest/http";
import { HttpError } from "@tubedigest/http/http-error";
import Type from "typebox";
import { listMailbox, readMailboxMessage } from "../adapters/mail-transport/file-transport.ts";
import { escapeHtml } from "../templates/escape-html.ts";
import { PAGE_SECURITY_POLICY } from "./page-security.ts";
import { errors } from "./schemas.ts";

export const MAILBOX_PATH = "/dev/mailbox";

const MessageParams = Type.Object({
  id: Type.String({ pattern: "^[A-Za-z0-9_.-]{1,200}$", errorMessage: "No such message." }),
});

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · tubedigest</title>
<style>
body{margin:0;background:#f8fafc;color:#1e293b;font:15px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:60rem;margin:2rem auto;padding:0 1rem}h1{font-size:1.4rem}
table{width:100%;border-collapse:collapse;background:#fff;border-radius:12px;overflow:hidden}
th,td{text-align:left;padding:.6rem .8rem;border-bottom:1px solid #e2e8f0}a{color:#4338ca}
iframe{width:100%;height:75vh;border:1px solid #e2e8f0;border-radius:12px;background:#fff}
</style></head><body><main>${body}</main></body></html>`;

/**
 * Development only: every message the product sent, newest first, from the .eml files the embedded
 * mailer writes, with each one's HTML (in a sandboxed frame: no script runs) and text.
 */
export function registerMailboxRoutes(app: ServiceApp, folder: string): void {
  const html = { "2xx": Type.String(), ...errors };
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith(MAILBOX_PATH)) reply.header("content-security-policy", PAGE_SECURITY_POLICY);
  });

  app.get(MAILBOX_PATH, { schema: { response: html } }, async (_request, reply) => {
    const messages = await listMailbox(folder);
    const rows = messages
      .map(
        (message) =>
          `<tr><td>${escapeHtml(message.date.toISOString().replace("T", " ").slice(0, 19))}</td><td>${escapeHtml(message.to)}</td>` +
          `<td><a href="${MAILBOX_PATH}/${encodeURIComponent(message.id)}">${escapeHtml(message.subject)}</a></td></tr>`,
      )
      .join("");
    const body = messages.length
      ? `<table><thead><tr><th>Sent (UTC)</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows}</tbody></table>`
      : "<p>No e-mail sent yet. Sign up on the landing page and your welcome e-mail appears here.</p>";
    return reply
      .type("text/html; charset=utf-8")
      .send(
        page(
          "Development mailbox",
          `<h1>Development mailbox</h1><p>${messages.length} messages, newest first.</p>${body}`,
        ),
      );
  });

  app.get(
    `${MAILBOX_PATH}/:id`,
    { schema: { params: MessageParams, response: html } },
    async (request, reply) => {
      const message = await readMailboxMessage(folder, request.params.id);
      if (!message) throw new HttpError(404, "No such message.");
      const id = encodeURIComponent(request.params.id);
      const body =
        `<p><a href="${MAILBOX_PATH}">← All messages</a> · <a href="${MAILBOX_PATH}/${id}/text">Text part</a></p>` +
        `<h1>${escapeHtml(message.subject)}</h1><p>From ${escapeHtml(message.from)} to ${escapeHtml(message.to)}</p>` +
        `<iframe sandbox title="The message" srcdoc="${escapeHtml(message.html)}"></iframe>`;
      return reply.type("text/html; charset=utf-8").send(page(message.subject, body));
    },
  );

  app.get(
    `${MAILBOX_PATH}/:id/text`,
    { schema: { params: MessageParams, response: html } },
    async (request, reply) => {
      const message = await readMailboxMessage(folder, request.params.id);
      if (!message) throw new HttpError(404, "No such message.");
      return reply.type("text/plain; charset=utf-8").send(message.text);
    },
  );
}
