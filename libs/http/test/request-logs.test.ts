import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServiceApp, type ServiceApp } from "../src/create-service-app.ts";
import { createServiceLogger } from "../src/service-logger.ts";

const lines: string[] = [];
let app: ServiceApp;

beforeAll(async () => {
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = createServiceApp({ name: "probe", logger: createServiceLogger("probe", "info", { destination }) });
  app.get("/sign-in/link", async () => ({ ok: true }));
  app.get("/api/unsubscribe", async () => ({ ok: true }));
  // As the mailer serves a private feed and the summariser a share.
  app.get("/api/feeds/:token", async () => ({ ok: true }));
  app.get("/api/shared-summaries/:id", async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

/** The URL of each line logged for one request. */
async function loggedUrls(url: string): Promise<string[]> {
  lines.length = 0;
  await app.inject({ method: "GET", url });
  return lines
    .map((line) => JSON.parse(line) as { msg?: string; req?: { url?: string } })
    .filter((entry) => entry.req !== undefined)
    .map((entry) => entry.req?.url ?? "");
}

describe("request log lines", () => {
  it("never carry a sign-in link's token, and keep the rest of the URL", async () => {
    expect(await loggedUrls("/sign-in/link?token=9b1d0c6f2e8a4d7c&from=mail")).toEqual([
      "/sign-in/link?token=[Redacted]&from=mail",
    ]);
    expect(lines.join("")).not.toContain("9b1d0c6f2e8a4d7c");
  });

  it("never carry an unsubscribe token, repeated, percent-encoded or in capitals", async () => {
    const urls = await loggedUrls(
      "/api/unsubscribe?token=first-secret&%74oken=second-secret&TOKEN=third-secret&channel=UC1",
    );
    expect(urls).toEqual([
      "/api/unsubscribe?token=[Redacted]&%74oken=[Redacted]&TOKEN=[Redacted]&channel=UC1",
    ]);
    expect(lines.join("")).not.toMatch(/first-secret|second-secret|third-secret/);
  });

  it.each([
    ["a private feed's secret", "/api/feeds/", "Qm9vNfXzT1y5cR3kP0aLw8HdUe2sJbVgK6iOtMnZ7xA"],
    ["a shared summary's id", "/api/shared-summaries/", "c2hhcmVkLXN1bW1hcnktaW"],
  ])("never carry %s from the path", async (_what, prefix, secret) => {
    expect(await loggedUrls(`${prefix}${secret}`)).toEqual([`${prefix}[Redacted]`]);
    expect(lines.join("")).not.toContain(secret);
  });

  it("never carry a token on a path no route answers", async () => {
    expect(await loggedUrls("/no/such/page?t=4c7e0b3d6a9f")).toEqual(["/no/such/page?t=[Redacted]"]);
    expect(lines.join("")).not.toContain("4c7e0b3d6a9f");
  });
});
