import { createPublicKey, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mailDnsRecords, zoneLine } from "./mail-dns-records.ts";

describe("the DNS records an operator publishes", () => {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
  const records = mailDnsRecords({
    domain: "tubedigest.example",
    selector: "td1",
    key: pem,
    senders: "include:spf.relay.example",
    reportsTo: "dmarc-reports@tubedigest.example",
  });

  it("publish the signing key's public half at the selector, SPF for the relay, and DMARC with reports", () => {
    const [dkim, spf, dmarc] = records;
    expect(dkim?.name).toBe("td1._domainkey.tubedigest.example");
    const published = /^v=DKIM1; k=rsa; p=([A-Za-z0-9+/=]+)$/.exec(dkim?.value ?? "")?.[1] ?? "";
    const key = createPublicKey({ key: Buffer.from(published, "base64"), format: "der", type: "spki" });
    expect(key.equals(publicKey)).toBe(true);
    expect(spf).toMatchObject({ name: "tubedigest.example", value: "v=spf1 include:spf.relay.example -all" });
    expect(dmarc).toMatchObject({
      name: "_dmarc.tubedigest.example",
      value: "v=DMARC1; p=none; rua=mailto:dmarc-reports@tubedigest.example; adkim=r; aspf=r",
    });
  });

  it("write a record longer than a TXT string in quoted pieces of 255 characters, whole again when joined", () => {
    const dkim = records[0];
    const line = zoneLine(dkim ?? { name: "", value: "", purpose: "" });
    const pieces = [...line.matchAll(/"([^"]*)"/g)].map((match) => match[1] ?? "");
    expect(line.startsWith("td1._domainkey.tubedigest.example. IN TXT ")).toBe(true);
    expect(pieces.length).toBe(2);
    expect(pieces.every((piece) => piece.length <= 255)).toBe(true);
    expect(pieces.join("")).toBe(dkim?.value);
  });
});
