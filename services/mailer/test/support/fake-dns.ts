import type { KeyObject } from "node:crypto";
import { type MailDnsRecord, mailDnsRecords } from "../../src/settings/mail-dns-records.ts";

/** The records docs/deploying.md has an operator publish for `domain`, with the relay at `relayIp`. */
export function publishedRecords(input: {
  domain: string;
  selector: string;
  publicKey: KeyObject;
  relayIp: string;
}): MailDnsRecord[] {
  return mailDnsRecords({
    domain: input.domain,
    selector: input.selector,
    key: input.publicKey,
    senders: `ip4:${input.relayIp}`,
    reportsTo: `dmarc-reports@${input.domain}`,
    policy: "reject",
  });
}

/**
 * A resolver with dns.promises.resolve's signature answering TXT questions from `records` (each in
 * pieces of 255 characters, as DNS stores them) and nothing else, so a verifier needs no network.
 */
export function fakeDns(records: MailDnsRecord[]) {
  return async (name: string, type: string): Promise<string[][]> => {
    const answers = records
      .filter((record) => type === "TXT" && record.name.toLowerCase() === name.toLowerCase())
      .map((record) => record.value.match(/.{1,255}/g) ?? []);
    if (answers.length > 0) return answers;
    throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: "ENOTFOUND" });
  };
}
