import { type TestCertificates, testCertificates } from "@tubedigest/testing/certificates";
import { type FakeSmtpServer, type FakeSmtpTls, startFakeSmtpServer } from "@tubedigest/testing/smtp";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { type MailTransport, TransientSendError } from "../src/adapters/mail-transport/mail-transport.ts";
import { createSmtpTransport } from "../src/adapters/mail-transport/smtp-transport.ts";
import type { SmtpTlsSettings } from "../src/config.ts";
import { SAMPLE_OUTGOING_MAIL } from "./support/outgoing-mail.ts";

const MAIL = SAMPLE_OUTGOING_MAIL;

const VERIFIED: SmtpTlsSettings = { requireTLS: false, allowInvalidCertificate: false };

describe("the connection to the relay (nodemailer against a real SMTP server speaking TLS)", () => {
  let certificates: TestCertificates;
  const servers: FakeSmtpServer[] = [];
  const transports: MailTransport[] = [];
  beforeAll(async () => {
    certificates = await testCertificates();
  });
  afterEach(async () => {
    for (const transport of transports.splice(0)) await transport.close();
    for (const server of servers.splice(0)) await server.close();
  });

  const relay = async (
    tls?: Omit<FakeSmtpTls, "certificate"> & { certificate?: "server" | "selfSigned" },
  ) => {
    const server = await startFakeSmtpServer(
      tls ? { tls: { mode: tls.mode, certificate: certificates[tls.certificate ?? "server"] } } : {},
    );
    servers.push(server);
    return server;
  };
  const send = (server: FakeSmtpServer, tls: SmtpTlsSettings) => {
    const transport = createSmtpTransport({ url: server.url, tls, timeoutMs: 5_000 });
    transports.push(transport);
    return transport.send(MAIL);
  };
  const trustingTheTestAuthority = () => ({ ...VERIFIED, ca: certificates.authority.cert });

  it("upgrades a plain connection with STARTTLS when the relay offers it, and verifies the certificate", async () => {
    const server = await relay({ mode: "starttls" });
    await send(server, trustingTheTestAuthority());
    expect(server.messages.map((message) => message.secure)).toEqual([true]);
  });

  it("speaks TLS from the first byte to an smtps:// relay", async () => {
    const server = await relay({ mode: "implicit" });
    expect(server.url).toMatch(/^smtps:/);
    await send(server, trustingTheTestAuthority());
    expect(server.messages.map((message) => message.secure)).toEqual([true]);
  });

  it("with requireTLS, refuses a relay that offers no STARTTLS, sending nothing (tried again later)", async () => {
    const server = await relay();
    const failure = await send(server, { ...trustingTheTestAuthority(), requireTLS: true }).catch(
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TransientSendError);
    expect((failure as Error).message).toMatch(/STARTTLS/i);
    expect(server.attempts).toBe(0);
    // Without it, the same relay gets the message in the clear: that is what requireTLS prevents.
    await send(server, VERIFIED);
    expect(server.messages.map((message) => message.secure)).toEqual([false]);
  });

  it("refuses a certificate no trusted authority signed, before any message is sent", async () => {
    const selfSigned = await relay({ mode: "starttls", certificate: "selfSigned" });
    const failure = await send(selfSigned, trustingTheTestAuthority()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransientSendError);
    expect((failure as Error).message).toMatch(/self[- ]signed/i);
    // The authority's own certificate is not trusted by the system: without SMTP_TLS_CA_FILE it is refused too.
    const implicit = await relay({ mode: "implicit" });
    await expect(send(implicit, VERIFIED)).rejects.toThrow(/certificate/i);
    expect(selfSigned.attempts + implicit.attempts).toBe(0);
  });

  it("takes a certificate that does not verify only when explicitly allowed (development)", async () => {
    const server = await relay({ mode: "starttls", certificate: "selfSigned" });
    await send(server, { ...VERIFIED, allowInvalidCertificate: true });
    expect(server.messages.map((message) => message.secure)).toEqual([true]);
  });
});
