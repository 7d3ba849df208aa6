import nodemailer from "nodemailer";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeSmtpServer, startFakeSmtpServer } from "./fake-smtp-server.ts";

describe("the fake SMTP server, through nodemailer", () => {
  let fake: FakeSmtpServer;
  beforeEach(async () => {
    fake = await startFakeSmtpServer();
  });
  afterEach(async () => {
    await fake.close();
  });

  const send = (to = "ann@example.com", auth?: { user: string; pass: string }) => {
    const transport = nodemailer.createTransport({ url: fake.url, ...(auth ? { auth } : {}) });
    return transport
      .sendMail({
        from: "TubeDigest <hello@tubedigest.test>",
        to,
        subject: "Hello",
        text: "plain",
        messageId: "<m-1@tubedigest.test>",
      })
      .finally(() => transport.close());
  };

  it("records an accepted message's source, envelope, Message-ID and login", async () => {
    await send("Ann@Example.com", { user: "mailer", pass: "anything" });
    expect(fake.accepted).toBe(1);
    expect(fake.attempts).toBe(1);
    expect(fake.attemptsTo("ann@example.com")).toBe(1);
    const [message] = fake.messages;
    expect(message?.envelope).toEqual({ from: "hello@tubedigest.test", to: ["Ann@example.com"] });
    expect(message?.messageId).toBe("<m-1@tubedigest.test>");
    expect(message?.user).toBe("mailer");
    expect(message?.raw).toMatch(/^Subject: Hello$/m);
  });

  it("refuses the next transactions with a 4xx, then accepts", async () => {
    fake.fail({ kind: "refuse" }, 2);
    await expect(send()).rejects.toMatchObject({ responseCode: 451, permanent: false });
    await expect(send()).rejects.toMatchObject({ responseCode: 451 });
    await send();
    expect([fake.attempts, fake.accepted]).toEqual([3, 1]);
  });

  it("refuses a given recipient with a 5xx at RCPT TO", async () => {
    fake.rejectRecipient("gone@example.com");
    await expect(send("gone@example.com")).rejects.toMatchObject({
      responseCode: 550,
      command: "RCPT TO",
      permanent: true,
    });
    await send("here@example.com");
    expect(fake.attemptsTo("gone@example.com")).toBe(1);
    expect(fake.accepted).toBe(1);
  });

  it("cuts the connection after the message is in, and keeps nothing", async () => {
    fake.fail({ kind: "drop" }, 1);
    await expect(send()).rejects.toMatchObject({ code: "ECONNECTION" });
    expect(fake.accepted).toBe(0);
    await send();
    expect(fake.accepted).toBe(1);
  });

  it("answers late when slow", async () => {
    fake.fail({ kind: "slow", delayMs: 300 }, 1);
    const started = performance.now();
    await send();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("refuses a seeded fraction of transactions, the same ones for the same seed", async () => {
    const outcomes = async (server: FakeSmtpServer) => {
      server.failRandomly({ kind: "refuse" }, 0.3, 7);
      const results: boolean[] = [];
      const transport = nodemailer.createTransport({ url: server.url, pool: true });
      for (let i = 0; i < 40; i++) {
        results.push(
          await transport.sendMail({ from: "a@b.test", to: "c@d.test", text: "x" }).then(
            () => true,
            () => false,
          ),
        );
      }
      transport.close();
      return results;
    };
    const other = await startFakeSmtpServer();
    try {
      const first = await outcomes(fake);
      expect(await outcomes(other)).toEqual(first);
      const refused = first.filter((accepted) => !accepted).length;
      expect(refused).toBeGreaterThan(4);
      expect(refused).toBeLessThan(20);
    } finally {
      await other.close();
    }
  });
});
