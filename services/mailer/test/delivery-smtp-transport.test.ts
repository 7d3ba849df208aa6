import { generateKeyPairSync } from "node:crypto";
import { type FakeSmtpServer, startFakeSmtpServer } from "@tubedigest/testing/smtp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  type MailTransport,
  PermanentSendError,
  TransientSendError,
} from "../src/adapters/mail-transport/mail-transport.ts";
import { classifySmtpFailure } from "../src/adapters/mail-transport/smtp-failure.ts";
import {
  createSmtpTransport,
  type SmtpTransportOptions,
} from "../src/adapters/mail-transport/smtp-transport.ts";
import { SAMPLE_OUTGOING_MAIL } from "./support/outgoing-mail.ts";

const MAIL = SAMPLE_OUTGOING_MAIL;

describe("the SMTP transport (nodemailer's pool) against a real SMTP server", () => {
  let smtp: FakeSmtpServer;
  const transports: MailTransport[] = [];
  const open = (options: Partial<SmtpTransportOptions> = {}) => {
    const transport = createSmtpTransport({ url: smtp.url, timeoutMs: 2_000, ...options });
    transports.push(transport);
    return transport;
  };
  beforeEach(async () => {
    smtp = await startFakeSmtpServer();
  });
  afterEach(async () => {
    for (const transport of transports.splice(0)) await transport.close();
    await smtp.close();
  });

  it("sends the message with its own Message-ID and headers", async () => {
    await open().send(MAIL);
    const [received] = smtp.messages;
    expect(received?.messageId).toBe(MAIL.messageId);
    expect(received?.envelope).toEqual({ from: "digest@tubedigest.test", to: ["ann@example.com"] });
    expect(received?.raw).toMatch(/^List-Unsubscribe: <https:\/\/tubedigest\.test\/u\?t=1>$/m);
    expect(received?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  });

  it("gives the envelope the bounce address when one is set", async () => {
    await open({ from: "bounces@tubedigest.test" }).send(MAIL);
    expect(smtp.messages[0]?.envelope.from).toBe("bounces@tubedigest.test");
    expect(smtp.messages[0]?.raw).toMatch(/^From: tubedigest <digest@tubedigest\.test>$/m);
  });

  it("signs with DKIM when given a key", async () => {
    const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
    const pem = privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    await open({ dkim: { domainName: "tubedigest.test", keySelector: "mail", privateKey: pem } }).send(MAIL);
    const signature = /^DKIM-Signature: (.+(?:\r?\n[ \t].+)*)/m.exec(smtp.messages[0]?.raw ?? "")?.[1];
    expect(signature).toMatch(/d=tubedigest\.test;/);
    expect(signature).toMatch(/s=mail;/);
  });

  it("reads a 4xx as a refusal for now", async () => {
    smtp.fail({ kind: "refuse", code: 451 }, 1);
    const failure = await open()
      .send(MAIL)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TransientSendError);
    expect((failure as Error).message).toMatch(/451/);
  });

  it("reads a 5xx for the recipient as a refusal for good", async () => {
    smtp.rejectRecipient("ann@example.com", 550);
    await expect(open().send(MAIL)).rejects.toBeInstanceOf(PermanentSendError);
  });

  it("reads a 5xx for the message as a refusal for good", async () => {
    smtp.fail({ kind: "refuse", code: 554 }, 1);
    await expect(open().send(MAIL)).rejects.toBeInstanceOf(PermanentSendError);
  });

  it("reads a dropped connection and a reply too late as refusals for now", async () => {
    const transport = open({ timeoutMs: 300 });
    smtp.fail({ kind: "drop" }, 1);
    await expect(transport.send(MAIL)).rejects.toBeInstanceOf(TransientSendError);
    smtp.fail({ kind: "slow", delayMs: 1_000 }, 1);
    await expect(transport.send(MAIL)).rejects.toBeInstanceOf(TransientSendError);
    expect(smtp.attempts).toBe(2);
  });

  it("answers verify: true while the server is up, false once it is gone", async () => {
    expect(await open().verify()).toBe(true);
    const gone = await startFakeSmtpServer();
    await gone.close();
    const transport = open({ url: gone.url });
    expect(await transport.verify()).toBe(false);
    await expect(transport.send(MAIL)).rejects.toBeInstanceOf(TransientSendError);
  });
});

describe("reading nodemailer's failures", () => {
  const failure = (message: string, fields: Record<string, unknown>) =>
    Object.assign(new Error(message), fields);

  it("retries a 5xx about the service's own login or sender, never holding it against the recipient", () => {
    const login = failure("Invalid login: 535 bad credentials", {
      code: "EAUTH",
      command: "AUTH PLAIN",
      responseCode: 535,
      permanent: true,
    });
    const sender = failure("Mail command failed: 550 sender rejected", {
      code: "EENVELOPE",
      command: "MAIL FROM",
      responseCode: 550,
      permanent: true,
    });
    expect(classifySmtpFailure(login)).toBeInstanceOf(TransientSendError);
    expect(classifySmtpFailure(sender)).toBeInstanceOf(TransientSendError);
    expect(classifySmtpFailure(failure('Invalid sender "x"', { code: "EENVELOPE" }))).toBeInstanceOf(
      TransientSendError,
    );
  });

  it("gives up on a recipient address nodemailer cannot use, and retries what it does not know", () => {
    expect(classifySmtpFailure(failure("No recipients defined", { code: "EENVELOPE" }))).toBeInstanceOf(
      PermanentSendError,
    );
    expect(
      classifySmtpFailure(
        failure("503 bad sequence", { command: "DATA", responseCode: 503, permanent: false }),
      ),
    ).toBeInstanceOf(TransientSendError);
    expect(classifySmtpFailure(new Error("something else"))).toBeInstanceOf(TransientSendError);
  });

  it("reads nodemailer's wording of a bad recipient whatever its case, and only from an envelope error", () => {
    expect(classifySmtpFailure(failure("Invalid Recipient", { code: "EENVELOPE" }))).toBeInstanceOf(
      PermanentSendError,
    );
    expect(classifySmtpFailure(failure("No recipients defined", { code: "EMESSAGE" }))).toBeInstanceOf(
      TransientSendError,
    );
  });

  it("keeps the server's words and the failure itself, whatever was thrown", () => {
    const refused = failure("550 5.1.1 no such user", {
      command: "RCPT TO",
      responseCode: 550,
      permanent: true,
    });
    const read = classifySmtpFailure(refused);
    expect(read).toBeInstanceOf(PermanentSendError);
    expect(read.message).toBe("550 5.1.1 no such user");
    expect(read.cause).toBe(refused);
    const later = failure("421 try later", { command: "RCPT TO", responseCode: 421, permanent: false });
    expect(classifySmtpFailure(later)).toMatchObject({ message: "421 try later", cause: later });
    const unusable = failure("No recipients defined", { code: "EENVELOPE" });
    expect(classifySmtpFailure(unusable)).toMatchObject({
      message: "No recipients defined",
      cause: unusable,
    });
    expect(classifySmtpFailure("connection reset")).toMatchObject({
      message: "connection reset",
      cause: "connection reset",
    });
    expect(classifySmtpFailure(undefined)).toBeInstanceOf(TransientSendError);
    expect(classifySmtpFailure(null).message).toBe("null");
  });
});
