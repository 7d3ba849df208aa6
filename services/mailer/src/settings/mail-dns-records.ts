import { createPublicKey, type KeyObject } from "node:crypto";

/** One TXT record an operator publishes, and why. */
export interface MailDnsRecord {
  name: string;
  /** The record's text as one string; DNS stores it in pieces of at most 255 characters (see `zoneLine`). */
  value: string;
  purpose: string;
}

export interface MailDnsInput {
  /** The sending and signing domain: MAIL_FROM's and DKIM_DOMAIN. */
  domain: string;
  /** DKIM_SELECTOR. */
  selector: string;
  /** DKIM_PRIVATE_KEY (its public half is published) or the public key itself. */
  key: string | KeyObject;
  /** What may send for the domain, in SPF's words: the relay's `include:` or its `ip4:` / `ip6:` addresses. */
  senders: string;
  /** Where receivers send their daily DMARC reports (an address at the domain, or one that accepts them). */
  reportsTo: string;
  /** What receivers do with mail that fails: `none` while reports are read, then `quarantine` or `reject`. */
  policy?: "none" | "quarantine" | "reject";
}

/**
 * The three records that let receivers check the mailer's messages: the DKIM public key at the
 * selector, SPF saying which servers send for the domain, and DMARC asking receivers to act on mail that
 * passes neither aligned, and to report. The relay's own documentation may ask for more (a return-path
 * CNAME, its own DKIM key); these are what the product's signature needs.
 */
export function mailDnsRecords(input: MailDnsInput): MailDnsRecord[] {
  const key =
    typeof input.key !== "string" && input.key.type === "public" ? input.key : createPublicKey(input.key);
  const publicKey = key.export({ type: "spki", format: "der" }).toString("base64");
  return [
    {
      name: `${input.selector}._domainkey.${input.domain}`,
      value: `v=DKIM1; k=rsa; p=${publicKey}`,
      purpose: "DKIM: the public key receivers check every message's signature with",
    },
    {
      name: input.domain,
      value: `v=spf1 ${input.senders} -all`,
      purpose:
        "SPF: the servers allowed to send mail for the domain (one SPF record per name: merge with any you have)",
    },
    {
      name: `_dmarc.${input.domain}`,
      value: `v=DMARC1; p=${input.policy ?? "none"}; rua=mailto:${input.reportsTo}; adkim=r; aspf=r`,
      purpose:
        "DMARC: what to do with mail that fails DKIM and SPF aligned with the From, and where to report",
    },
  ];
}

/** A record as a zone file writes it: its text in quoted pieces of at most 255 characters. */
export function zoneLine(record: MailDnsRecord): string {
  const pieces = record.value.match(/.{1,255}/g) ?? [];
  return `${record.name}. IN TXT ${pieces.map((piece) => `"${piece}"`).join(" ")}`;
}
