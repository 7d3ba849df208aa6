import { Writable } from "node:stream";
import { createServiceLogger } from "@tubedigest/http";
import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EdgeGateway, startEdgeGateway } from "./support/edge-gateway.ts";

const lines: string[] = [];
let edge: EdgeGateway;

beforeAll(async () => {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  edge = await startEdgeGateway({ log: createServiceLogger("gateway", "info", { destination }) });
});
afterAll(() => edge.stop());

/** Every line the gateway logged for one request. */
async function logFor(target: string, method: string): Promise<string> {
  lines.length = 0;
  await rawHttpRequest(edge.port, { method, target });
  return lines.join("");
}

describe("the gateway's request logs", () => {
  it.each([
    // The page an e-mailed sign-in link opens: the web app, served by the gateway itself.
    ["a sign-in link", "GET", "/sign-in/link?token=9b1d0c6f2e8a4d7c5e3f", "/sign-in/link?token=[Redacted]"],
    // The one-click unsubscribe the mailer's links call, forwarded to the mailer.
    [
      "an unsubscribe link",
      "POST",
      "/api/unsubscribe?token=3f9c2a7e41b6d8c0e5a7&channel=UC1",
      "/api/unsubscribe?token=[Redacted]&channel=UC1",
    ],
    // A spelling the gateway refuses before routing logs the URL it was sent.
    [
      "a refused spelling",
      "GET",
      "/api//unsubscribe?token=5e3f9b1d0c6f2e8a4d7c",
      "/api//unsubscribe?token=[Redacted]",
    ],
  ])("never carry %s's token, and keep the rest of the URL", async (_what, method, target, logged) => {
    const log = await logFor(target, method);
    const token = /token=([^&]+)/.exec(target)?.[1] ?? "";
    expect(log).toContain(`"${logged}"`);
    expect(log).not.toContain(token);
  });

  const FEED = "Qm9vNfXzT1y5cR3kP0aLw8HdUe2sJbVgK6iOtMnZ7xA";
  const SHARE = "c2hhcmVkLXN1bW1hcnktaW";
  it.each([
    // A feed reader fetching a private feed, forwarded to the mailer.
    ["a private feed", "GET", `/api/feeds/${FEED}`, FEED, "/api/feeds/[Redacted]"],
    // The web app reading a share, and stopping it, at the summariser.
    ["a share as read", "GET", `/api/shared-summaries/${SHARE}`, SHARE, "/api/shared-summaries/[Redacted]"],
    [
      "a share as stopped",
      "DELETE",
      `/api/shared-summaries/${SHARE}`,
      SHARE,
      "/api/shared-summaries/[Redacted]",
    ],
    // The share's page, which the gateway answers itself.
    ["a share's page", "GET", `/s/${SHARE}`, SHARE, "/s/[Redacted]"],
    // A spelling the gateway refuses, logged as it was sent.
    ["a refused spelling of a feed", "GET", `/api//feeds/${FEED}`, FEED, "/api//feeds/[Redacted]"],
  ])("never carry the secret in the path of %s", async (_what, method, target, secret, logged) => {
    const log = await logFor(target, method);
    expect(log).toContain(`"${logged}"`);
    expect(log).not.toContain(secret);
  });

  it("are one line per request, as it is answered, with its URL, status and time", async () => {
    const log = await logFor("/api/user/channels?page=2", "GET");
    const entries = log
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries).toEqual([
      expect.objectContaining({
        level: 30,
        msg: "request completed",
        req: expect.objectContaining({ method: "GET", url: "/api/user/channels?page=2" }),
        res: { statusCode: expect.any(Number) },
        responseTime: expect.any(Number),
      }),
    ]);
  });
});
