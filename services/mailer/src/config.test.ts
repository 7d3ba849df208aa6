import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ConfigError, DEVELOPMENT_SITE, type Environment, loadConfig } from "@tubedigest/config";
import { describe, expect, it } from "vitest";
import { MailerEnvironment, mailerSettingsFrom } from "./config.ts";

const required = {
  DATABASE_URL: "postgres://postgres@127.0.0.1:5432/postgres",
  RABBITMQ_URL: "amqp://guest:guest@127.0.0.1:5672",
  IDENTITY_SECRET: "a-secret-of-thirty-two-characters-at-least",
  // Required in production, which is the mailer's default.
  SUPPORT_EMAIL: "help@tubedigest.example",
  OPERATOR_NAME: "Tubedigest Ltd",
};
const pem = (type: "rsa" | "ed25519", modulusLength = 2048) =>
  (type === "rsa" ? generateKeyPairSync("rsa", { modulusLength }) : generateKeyPairSync("ed25519")).privateKey
    .export({ type: "pkcs8", format: "pem" })
    .toString();
const KEY = pem("rsa");
const signing = {
  MAIL_FROM: "tubedigest <digest@tubedigest.example>",
  DKIM_DOMAIN: "tubedigest.example",
  DKIM_SELECTOR: "td1",
  DKIM_PRIVATE_KEY: KEY,
};

function problemsOf(env: Environment): readonly string[] {
  try {
    loadConfig(MailerEnvironment, { ...required, ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error("the environment was accepted");
}

describe("the mail settings", () => {
  it("sign with all three DKIM variables, and verify the relay's certificate by default", () => {
    const settings = mailerSettingsFrom(loadConfig(MailerEnvironment, { ...required, ...signing }));
    expect(settings.dkim).toEqual({
      domainName: "tubedigest.example",
      keySelector: "td1",
      privateKey: KEY.trim(),
    });
    expect(settings.smtpTls).toEqual({ requireTLS: false, ca: undefined, allowInvalidCertificate: false });
  });

  it("refuse two of the three DKIM variables, naming the missing one, rather than send unsigned mail", () => {
    expect(problemsOf({ ...signing, DKIM_SELECTOR: "" })).toEqual([
      "DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY go together: set DKIM_SELECTOR too, or none of them (unsigned mail)",
    ]);
  });

  it("refuse a key nodemailer could not sign with, on one line that never shows the key", () => {
    for (const key of [
      pem("ed25519"),
      pem("rsa", 512),
      KEY.replaceAll("\n", "\\n"),
      "-----BEGIN PRIVATE KEY-----",
    ]) {
      const problems = problemsOf({ ...signing, DKIM_PRIVATE_KEY: key });
      expect(problems).toEqual([
        "DKIM_PRIVATE_KEY must be an RSA private key of 1024 bits or more (2048 is usual) in PEM, -----BEGIN PRIVATE KEY----- with its line breaks (value hidden)",
      ]);
    }
  });

  it("refuse a selector written as the whole record name, and a domain that is not one", () => {
    expect(problemsOf({ ...signing, DKIM_SELECTOR: "td1._domainkey.tubedigest.example" })).toEqual([
      'DKIM_SELECTOR must be a selector such as td1: the name before ._domainkey, not the whole record name (got "td1._domainkey.tubedigest.example")',
    ]);
    expect(problemsOf({ ...signing, DKIM_DOMAIN: "https://tubedigest.example" })).toEqual([
      'DKIM_DOMAIN must be a domain name such as tubedigest.example (got "https://tubedigest.example")',
    ]);
  });

  it("refuse a From that DMARC would not align with the signing domain; a subdomain aligns", () => {
    expect(problemsOf({ ...signing, MAIL_FROM: "digest@elsewhere.example" })).toEqual([
      "MAIL_FROM's domain (elsewhere.example) is neither DKIM_DOMAIN (tubedigest.example) nor under it, so receivers would fail DMARC: send from an address at tubedigest.example or sign for the From's domain",
    ]);
    expect(() =>
      loadConfig(MailerEnvironment, { ...required, ...signing, MAIL_FROM: "news@mail.tubedigest.example" }),
    ).not.toThrow();
    expect(problemsOf({ MAIL_FROM: "two@a.example, three@b.example" })).toEqual([
      'MAIL_FROM must be one address, with or without a name: tubedigest <digest@tubedigest.example> (got "two@a.example, three@b.example")',
    ]);
  });

  it("read a CA file for the relay, and take an unverified certificate only outside production", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "mailer-ca-"));
    const caFile = path.join(folder, "ca.pem");
    writeFileSync(caFile, "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n");
    const env = loadConfig(MailerEnvironment, {
      ...required,
      SMTP_TLS_CA_FILE: caFile,
      SMTP_REQUIRE_TLS: "true",
    });
    expect(mailerSettingsFrom(env).smtpTls).toMatchObject({
      requireTLS: true,
      ca: expect.stringContaining("MIIB"),
    });
    expect(problemsOf({ SMTP_TLS_CA_FILE: path.join(folder, "missing.pem") })[0]).toMatch(
      /^SMTP_TLS_CA_FILE must name a readable PEM file of certificates/,
    );
    expect(problemsOf({ SMTP_TLS_ALLOW_INVALID_CERTIFICATE: "true" })).toEqual([
      "SMTP_TLS_ALLOW_INVALID_CERTIFICATE=true takes a relay certificate that does not verify, refused with APP_ENV=production: trust the relay's CA with SMTP_TLS_CA_FILE instead",
    ]);
    const development = { ...required, APP_ENV: "development", SMTP_TLS_ALLOW_INVALID_CERTIFICATE: "true" };
    expect(
      mailerSettingsFrom(loadConfig(MailerEnvironment, development)).smtpTls?.allowInvalidCertificate,
    ).toBe(true);
  });

  it("name the support address and the operator every e-mail's footer shows, required in production", () => {
    expect(mailerSettingsFrom(loadConfig(MailerEnvironment, required)).site).toEqual({
      supportEmail: "help@tubedigest.example",
      operatorName: "Tubedigest Ltd",
    });
    expect(problemsOf({ SUPPORT_EMAIL: "", OPERATOR_NAME: "" })).toEqual([
      "SUPPORT_EMAIL and OPERATOR_NAME must be set with APP_ENV=production: every page and e-mail names the support address and the operator",
    ]);
    const development = { ...required, APP_ENV: "development", SUPPORT_EMAIL: "", OPERATOR_NAME: "" };
    expect(mailerSettingsFrom(loadConfig(MailerEnvironment, development)).site).toEqual(DEVELOPMENT_SITE);
  });
});
