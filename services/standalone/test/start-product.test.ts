import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer, Server } from "node:net";
import path from "node:path";
import { eventually } from "@tubedigest/testing/eventually";
import { rawHttpRequest } from "@tubedigest/testing/raw-http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type RunningProduct, StartUpError, startProduct } from "../src/index.ts";
import { newDataDir, permissionsUnder, productEnv, signIn, signUp } from "./support.ts";

/** A channel of the demo catalog the embedded product answers with. */
const POCKET_ORBIT = "UCUgQ2RdSQEDg0c-29ODtQEX";

describe("the embedded product", () => {
  let dataDir: string;
  let product: RunningProduct;
  const others: string[] = [];
  /** Every server the product opened, as a page scanning this machine's ports would find them. */
  const opened: Server[] = [];

  beforeAll(async () => {
    dataDir = newDataDir();
    const listen = Server.prototype.listen;
    const recordListen = vi.spyOn(Server.prototype, "listen").mockImplementation(function (
      this: Server,
      ...args: unknown[]
    ) {
      opened.push(this);
      return listen.apply(this, args as Parameters<typeof listen>);
    });
    try {
      product = await startProduct(productEnv(dataDir));
    } finally {
      recordListen.mockRestore();
    }
  });
  afterAll(async () => {
    await product.stop();
    for (const folder of [dataDir, ...others]) rmSync(folder, { recursive: true, force: true });
  });

  it("keeps every service's data in one embedded database", async () => {
    expect((await signUp(product.url, "first@example.com", "a long password")).status).toBe(201);
    const search = await fetch(`${product.url}/api/youtube/search?query=music`);
    expect(search.status).toBe(200);
    // The welcome e-mail may already be in the outbox folder, which is not a database.
    const entries = readdirSync(dataDir).filter((entry) => entry !== "mail");
    expect(entries.sort()).toEqual(["database", "secrets.json", "tubedigest.lock"]);
  });

  it("delivers this week's digest of the demo videos when asked in development, to the development mailbox", async () => {
    const signedUp = await signUp(product.url, "reader@example.com", "a long password");
    const cookie = signedUp.headers.get("set-cookie")?.split(";")[0] ?? "";
    const follow = await fetch(`${product.url}/api/user/channels`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ youtubeChannelId: POCKET_ORBIT }),
    });
    expect(follow.status).toBe(201);
    // The summariser learns of the follow and the trial by events; the digest is queued once both are in.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await eventually(async () => {
      const delivered = await fetch(`${product.url}/dev/deliver-digest`, { method: "POST" });
      return ((await delivered.json()) as { queued: number }).queued >= 1 ? true : undefined;
    });
    const mailbox = await eventually(async () => {
      const page = await (await fetch(`${product.url}/dev/mailbox`)).text();
      return page.includes("Your week of") ? page : undefined;
    }, 30_000);
    expect(mailbox).toContain("reader@example.com");
    const history = await fetch(`${product.url}/api/newsletters`, { headers: { cookie } });
    const [newsletter] = (await history.json()) as { subject: string; content: string }[];
    expect(newsletter?.subject).toMatch(/^Your week of .*: Pocket Orbit$/);
    // The extractive writer's key points from the demo transcript, linked to their moment in the video.
    expect(newsletter?.content).toMatch(
      /- \*\*.+\*\* \(\[\d+:\d\d\]\(https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}&t=\d+s\)\)/,
    );
  });

  it("moves its development clock forward only, by whole hours asked for plainly", async () => {
    const move = (body: string) =>
      fetch(`${product.url}/dev/clock`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
    for (const body of [
      '{"hours":0}',
      '{"hours":-24}',
      '{"hours":1.5}',
      '{"hours":"24"}',
      '{"hours":100000}',
      "{}",
      '{"hours":24,"days":1}',
      '{"hours":"\u0000"}',
    ]) {
      const refused = await move(body);
      expect(refused.status, body).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toMatch(
        /^Please give whole hours|^Unknown field "days"|^The request body is not valid JSON/,
      );
    }
    const moved = await move('{"hours":48}');
    expect(moved.status).toBe(200);
    const { now } = (await moved.json()) as { now: string };
    expect(Date.parse(now) - Date.now()).toBeGreaterThan(47 * 3_600_000);
  });

  it("answers ready only with its services, the embedded database, the in-process bus and the scheduler", async () => {
    const answer = await fetch(`${product.url}/readyz`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      status: "ok",
      checks: {
        auth: true,
        billing: true,
        catalog: true,
        summariser: true,
        mailer: true,
        database: true,
        events: true,
        scheduler: true,
      },
    });
  });

  it("answers on none of its ports, each service's loopback one included, a page that reached it by another name", async () => {
    const ports = opened.flatMap((server) => {
      const address = server.address();
      return address !== null && typeof address === "object" ? [address.port] : [];
    });
    // The gateway, auth, catalog, billing, the summariser, the mailer and the scheduler.
    expect(ports).toHaveLength(7);
    const mailboxes: number[] = [];
    for (const port of ports) {
      const own = await rawHttpRequest(port, { target: "/dev/mailbox" });
      if (own.status === 200) mailboxes.push(port);
      const rebound = await rawHttpRequest(port, {
        target: "/dev/mailbox",
        headers: { host: `rebind.attacker.example:${port}` },
      });
      expect(rebound.status, `port ${port}`).toBe(421);
      const foreignPage = await rawHttpRequest(port, {
        target: "/dev/mailbox",
        headers: { origin: "http://rebind.attacker.example" },
      });
      expect(foreignPage.status, `port ${port}`).toBe(403);
    }
    // The gateway's mailbox and the mailer's behind it, which the gateway reaches at 127.0.0.1.
    expect(mailboxes).toHaveLength(2);
  });

  it("says where to go and which parts are embedded", () => {
    const { port } = new URL(product.url);
    expect(product.summary).toContain(
      `tubedigest is running: open http://127.0.0.1:${port} (this machine only)`,
    );
    expect(product.summary).toMatch(/database\s+embedded \(PGlite\)/);
    expect(product.summary).toMatch(/events\s+embedded, in this process/);
    expect(product.summary).toMatch(/schedules\s+embedded, timers in this process/);
    expect(product.summary).toContain(`data                   ${dataDir}`);
  });

  it("refuses a second copy on the same data folder, naming the running one, before opening anything", async () => {
    const started = performance.now();
    const second = startProduct(productEnv(dataDir));
    await expect(second).rejects.toThrow(StartUpError);
    await expect(second).rejects.toThrow(
      `tubedigest is already running on ${dataDir} (process ${process.pid}, ${product.url}): use that one, or stop it before starting another.`,
    );
    // Opening the database takes seconds; the refusal comes before it.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect((await fetch(`${product.url}/readyz`)).status).toBe(200);
  });

  it("refuses a taken port in one line, before opening anything", async () => {
    const elsewhere = newDataDir();
    others.push(elsewhere);
    const server: Server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as { port: number };
    try {
      const attempt = startProduct(productEnv(elsewhere, { PORT: String(port) }));
      await expect(attempt).rejects.toThrow(StartUpError);
      await expect(attempt).rejects.toThrow(
        `Cannot listen on 127.0.0.1:${port} (HOST, PORT): the port is already in use; stop the program using it or choose another port.`,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(existsSync(path.join(elsewhere, "database"))).toBe(false);
    expect(existsSync(path.join(elsewhere, "tubedigest.lock"))).toBe(false);
  });

  it("stops, leaving its files private to the user, and starts again with the same data", async () => {
    await product.stop();
    expect(existsSync(path.join(dataDir, "tubedigest.lock"))).toBe(false);
    const permissions = permissionsUnder(dataDir);
    expect(permissions.length).toBeGreaterThan(100);
    expect(permissions.filter((entry) => !/ (600|700)$/.test(entry))).toEqual([]);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);

    product = await startProduct(productEnv(dataDir));
    expect((await signIn(product.url, "first@example.com", "a long password")).status).toBe(200);
  });
});
