import { generateKeyPairSync, randomUUID } from "node:crypto";
import { writeToOutbox } from "@tubedigest/bus";
import { authenticate } from "mailauth";
import { type ParsedMail, simpleParser } from "mailparser";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { siteLinks } from "../src/app.ts";
import type { DkimSettings } from "../src/config.ts";
import { isListMail } from "../src/domain/mail-headers.ts";
import type { MailerContext } from "../src/domain/mailer-context.ts";
import { queueMail } from "../src/domain/queue-mail.ts";
import { unsubscribeKeyFrom } from "../src/domain/unsubscribe-token.ts";
import { compileTemplates } from "../src/templates/compile-templates.ts";
import { SAMPLE_DATA, SAMPLE_SITE } from "../src/templates/sample-template-data.ts";
import { TEMPLATE_NAMES, type TemplateName } from "../src/templates/template-names.ts";
import { type DeliveryUnderTest, SENDER, startDelivery } from "./support/delivery-harness.ts";
import { fakeDns, publishedRecords } from "./support/fake-dns.ts";

const DOMAIN = "tubedigest.test";
const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
const DKIM: DkimSettings = {
  domainName: DOMAIN,
  keySelector: "td1",
  privateKey: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
};
// The records docs/deploying.md has an operator publish, answered by a resolver of the test's own.
// An address SPF does not list: a forwarder passing the message on.
const FORWARDER = "198.51.100.7";
const DNS = fakeDns(publishedRecords({ domain: DOMAIN, selector: "td1", publicKey, relayIp: "127.0.0.1" }));

/**
 * What mailauth finds for a message as a receiving server would: from the relay at 127.0.0.1 (which SPF
 * allows), or from `ip` (a forwarder, which it does not), with our bounce address.
 */
const authenticated = (raw: string | Buffer, resolver = DNS, ip = "127.0.0.1") =>
  authenticate(raw, {
    ip,
    helo: "relay.tubedigest.test",
    sender: `digest@${DOMAIN}`,
    mta: "mx.example.com",
    resolver,
    disableArc: true,
    disableBimi: true,
  });

/** An SPF or DMARC verdict: pass, fail, none… */
const outcome = (check: { status: { result: string } } | false) =>
  check ? check.status.result : "not checked";

/** The words a reader sees in an HTML part, without the hidden preheader, tags, styles and entities. */
function visibleWords(html: string): Set<string> {
  const body = html
    .replace(/<head[\s\S]*?<\/head>/i, "")
    .replace(/<div style="display:none[^"]*">[\s\S]*?<\/div>/, "")
    // Inline tags join what they split ("tube<span>digest</span>" is one word); the others separate.
    .replace(/<\/?(?:span|a|strong|em|b|i)\b[^>]*>/gi, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#?\w+;/g, " ");
  return wordsOf(body);
}
const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

describe("every e-mail as a receiving server checks it (real Postgres and SMTP; mailauth with the published records)", () => {
  let delivery: DeliveryUnderTest;
  const received = new Map<TemplateName, { raw: string; parsed: ParsedMail }>();

  beforeAll(async () => {
    delivery = await startDelivery();
    const context: MailerContext = {
      db: delivery.database.db,
      templates: await compileTemplates(SAMPLE_SITE),
      links: siteLinks("https://digest.example.com"),
      unsubscribeKey: unsubscribeKeyFrom("identity-secret-for-tests-only-0123456789"),
      unsubscribeMailto: `unsubscribe@${DOMAIN}`,
      mailDomain: DOMAIN,
      recordEvent: writeToOutbox,
      wakeDispatcher: () => {},
      log: pino({ level: "silent" }),
      now: () => new Date(),
      metrics: {
        templatesCompiled: () => {},
        rendered: () => {},
        sent: () => {},
        hardBounced: () => {},
        complained: () => {},
      },
      landingWelcomeDelayMs: 0,
    };
    await delivery.database.db.transaction().execute(async (trx) => {
      for (const template of TEMPLATE_NAMES) {
        await queueMail(context, trx, {
          naturalKey: `check:${template}`,
          template,
          data: SAMPLE_DATA[template] as never,
          to: `${template}@example.com`,
          userId: randomUUID(),
        });
      }
    });
    await delivery.settle(delivery.startDispatcher({ dkim: DKIM }));
    for (const message of delivery.smtp.messages) {
      const template = TEMPLATE_NAMES.find((name) => message.envelope.to[0] === `${name}@example.com`);
      if (template) received.set(template, { raw: message.raw, parsed: await simpleParser(message.raw) });
    }
  }, 60_000);
  afterAll(() => delivery?.stop());

  const arrived = (template: TemplateName) => {
    const message = received.get(template);
    if (!message) throw new Error(`no ${template} e-mail reached the SMTP server`);
    return message;
  };

  describe.each(TEMPLATE_NAMES)("the %s e-mail", (template) => {
    it("passes DKIM, SPF and DMARC as it left the SMTP server, signed for the From's domain", async () => {
      const { raw } = arrived(template);
      const result = await authenticated(raw);
      const [signature] = result.dkim.results;
      expect(signature?.status.result, signature?.info).toBe("pass");
      expect(signature?.signingDomain).toBe(DOMAIN);
      expect(signature?.selector).toBe("td1");
      expect(outcome(result.spf)).toBe("pass");
      expect(outcome(result.dmarc)).toBe("pass");
    });

    it("fails DKIM once a byte of its body or a signed header changes, or with another key published", async () => {
      const { raw } = arrived(template);
      const bodyStart = raw.search(/\r?\n\r?\n/);
      const bodyChanged = `${raw.slice(0, bodyStart)}${raw.slice(bodyStart).replace(/[a-z]/, "X")}`;
      const subjectChanged = raw.replace(/^Subject: /m, "Subject: Re: ");
      // Forwarded, a message has only its signature to pass DMARC with: SPF cannot vouch for the forwarder.
      const forwarded = await authenticated(raw, DNS, FORWARDER);
      expect([outcome(forwarded.spf), outcome(forwarded.dmarc)]).toEqual(["fail", "pass"]);
      for (const changed of [bodyChanged, subjectChanged]) {
        const result = await authenticated(changed, DNS, FORWARDER);
        expect(result.dkim.results[0]?.status.result).not.toBe("pass");
        expect(outcome(result.dmarc)).toBe("fail");
      }
      const otherKey = generateKeyPairSync("rsa", { modulusLength: 1024 }).publicKey;
      const elsewhere = fakeDns(
        publishedRecords({ domain: DOMAIN, selector: "td1", publicKey: otherKey, relayIp: "127.0.0.1" }),
      );
      const withOtherKey = await authenticated(raw, elsewhere, FORWARDER);
      expect(withOtherKey.dkim.results[0]?.status.result).not.toBe("pass");
      expect(outcome(withOtherKey.dmarc)).toBe("fail");
    });

    it("carries From, Date and a Message-ID on the signing domain, and says it was sent automatically", () => {
      const { parsed } = arrived(template);
      expect(parsed.from?.value[0]?.address).toBe(`digest@${DOMAIN}`);
      expect(SENDER).toContain(`@${DOMAIN}>`);
      expect(parsed.messageId).toMatch(new RegExp(`^<[0-9a-f-]{36}@${DOMAIN.replace(".", "\\.")}>$`));
      expect(parsed.date?.getTime()).toBeGreaterThan(Date.now() - 60_000);
      expect(parsed.headers.get("auto-submitted")).toBe("auto-generated");
    });

    it("offers one-click unsubscribe, signed, exactly when it is mail a reader can leave", async () => {
      const { raw, parsed } = arrived(template);
      const signedHeaders = /\bh=([^;]+);/
        .exec(raw.replace(/\r?\n[ \t]+/g, ""))?.[1]
        ?.toLowerCase()
        .split(":");
      if (isListMail(template)) {
        expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
        const unsubscribe = /^List-Unsubscribe: <(https:[^>]+)>, <mailto:([^>]+)>$/m.exec(
          raw.replace(/\r?\n[ \t]+/g, " "),
        );
        // The very link the body's Unsubscribe carries.
        const data = SAMPLE_DATA[template];
        expect(unsubscribe?.[1]).toBe("unsubscribeUrl" in data ? data.unsubscribeUrl : undefined);
        expect(unsubscribe?.[2]).toBe(`unsubscribe@${DOMAIN}?subject=unsubscribe`);
        expect(raw).toMatch(/^Precedence: bulk\r?$/m);
        expect(signedHeaders).toEqual(expect.arrayContaining(["list-unsubscribe", "list-unsubscribe-post"]));
        // A link in the body too, for readers whose mail client shows no button.
        expect(parsed.html).toMatch(/>Unsubscribe<\/a>/);
      } else {
        expect(raw).not.toMatch(/^(List-Unsubscribe|List-Unsubscribe-Post|List-Id|Precedence):/im);
      }
      if (template === "digest") {
        expect(raw).toMatch(/^List-Id: tubedigest weekly digest <weekly-digest\.tubedigest\.test>\r?$/im);
        expect(signedHeaders).toContain("list-id");
      }
    });

    it("has a text part that says what the HTML says", () => {
      const { parsed } = arrived(template);
      const html = visibleWords(parsed.html || "");
      const text = wordsOf(parsed.text ?? "");
      const shared = [...text].filter((word) => html.has(word)).length;
      // Nearly word for word: the HTML's headings and its help with its own buttons ("If the button below
      // doesn't work…") may have no place in the text, which writes out the links instead (URL words).
      expect(shared / html.size).toBeGreaterThan(0.8);
      expect(shared / text.size).toBeGreaterThan(0.6);
      for (const link of (parsed.html || "").matchAll(/href="(https?:[^"]+)"/g)) {
        expect(parsed.text).toContain((link[1] ?? "").replaceAll("&amp;", "&"));
      }
    });

    it("sends its HTML unencoded (lighter and cheaper to make than base64 or quoted-printable): 7-bit, lines within SMTP's 998", () => {
      const { raw } = arrived(template);
      const htmlPart = /Content-Type: text\/html[\s\S]*?\r?\n\r?\n/i.exec(raw)?.[0] ?? "";
      expect(htmlPart).toMatch(/^Content-Transfer-Encoding: 7bit\r?$/m);
      const body = raw.slice(raw.indexOf(htmlPart) + htmlPart.length).split(/\r?\n--/)[0] ?? "";
      expect(/\P{ASCII}/u.test(body)).toBe(false);
      expect(body.split(/\r?\n/).every((line) => line.length <= 998)).toBe(true);
    });
  });
});
