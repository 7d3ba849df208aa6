import { generateKeyPairSync, randomUUID } from "node:crypto";
import nodemailer from "nodemailer";
import { mailHeaders } from "../../domain/mail-headers.ts";
import type { RenderedMail, TemplateData } from "../../templates/template-data.ts";
import type { TemplateName } from "../../templates/template-names.ts";
import { composedMail, dkimSigning } from "./message-composition.ts";

const DOMAIN = "tubedigest.example";

/**
 * Composes rendered mail into memory as the SMTP transport sends it (its headers, its encodings) and
 * signs it with a key of its own, as production signs: for the checks that weigh or score what goes out
 * (the size test, the rendering bench, the spam score), which must see the message a reader's server gets.
 */
export function signedSampleMail() {
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    dkim: dkimSigning({
      domainName: DOMAIN,
      keySelector: "td1",
      privateKey: generateKeyPairSync("rsa", { modulusLength: 2048 })
        .privateKey.export({ type: "pkcs8", format: "pem" })
        .toString(),
    }),
  });
  const listContext = { unsubscribeMailto: `unsubscribe@${DOMAIN}`, mailDomain: DOMAIN };
  return async <Name extends TemplateName>(
    template: Name,
    data: TemplateData[Name],
    mail: RenderedMail,
  ): Promise<Buffer> => {
    const sent = await composer.sendMail(
      composedMail({
        from: `tubedigest <digest@${DOMAIN}>`,
        to: "ana@example.com",
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        messageId: `<${randomUUID()}@${DOMAIN}>`,
        headers: mailHeaders(listContext, template, data),
      }),
    );
    return sent.message as Buffer;
  };
}
