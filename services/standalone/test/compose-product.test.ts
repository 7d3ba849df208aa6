import { rmSync } from "node:fs";
import { Server } from "node:net";
import path from "node:path";
import { createInProcessBus, InProcessBroker } from "@tubedigest/bus";
import { DEVELOPMENT_SITE } from "@tubedigest/config";
import { EmbeddedPostgres } from "@tubedigest/db";
import { defaultRateLimits } from "@tubedigest/gateway";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { composeProduct, type ProductSettings } from "../src/index.ts";
import { newDataDir } from "./support.ts";

const SECRET = "identity-secret-of-the-composition-test-0123";

/** Each service's settings on the embedded database, as little as each needs. */
function settings(dataDir: string): ProductSettings {
  const database = (schema: string) => ({ schema });
  return {
    auth: {
      secureCookies: false,
      claimSecret: `claim-${SECRET}`,
      identitySecret: SECRET,
      database: database("auth"),
    },
    catalog: { identitySecret: SECRET, database: database("catalog"), youtube: {} },
    billing: {
      identitySecret: SECRET,
      database: database("billing"),
      testMode: true,
      publicUrl: "http://localhost:3000",
    },
    summariser: {
      identitySecret: SECRET,
      database: database("summariser"),
      transcripts: { source: "demo" },
      previewWaitMs: 1_000,
    },
    mailer: {
      identitySecret: SECRET,
      database: database("mailer"),
      publicUrl: "http://localhost:3000",
      mailDir: path.join(dataDir, "mail"),
      from: "tubedigest <digest@tubedigest.localhost>",
      devMailbox: false,
      landingWelcomeDelayMs: 0,
      site: DEVELOPMENT_SITE,
    },
    gateway: {
      secureCookies: false,
      sessionSecret: `session-${SECRET}`,
      identitySecret: SECRET,
      redisKeyPrefix: "td:",
      webDist: path.join(dataDir, "no-web-build"),
      trustProxy: 0,
      site: DEVELOPMENT_SITE,
      ...defaultRateLimits(),
      signInRateLimit: { max: 10, windowSeconds: 60 },
      searchRateLimit: 10,
    },
  };
}

describe("the product composed in one process (embedded database, in-process bus)", () => {
  let dataDir: string;
  let database: EmbeddedPostgres;

  beforeAll(async () => {
    dataDir = newDataDir();
    database = EmbeddedPostgres.open(path.join(dataDir, "database"));
    await database.ready();
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Composes the product, recording every server it opens, as a port scan of this machine would find them. */
  async function composeRecording(failAfterBilling = false) {
    const opened: Server[] = [];
    const listen = Server.prototype.listen;
    const record = vi.spyOn(Server.prototype, "listen").mockImplementation(function (
      this: Server,
      ...args: unknown[]
    ) {
      opened.push(this);
      return listen.apply(this, args as Parameters<typeof listen>);
    });
    const log = pino({ level: "silent" });
    const events = createInProcessBus({ log, broker: new InProcessBroker() });
    try {
      const composing = composeProduct(
        { events, embeddedDatabase: database, log: () => log },
        settings(dataDir),
        {
          async catalogForSummariser(catalogUrl) {
            if (failAfterBilling) throw new Error("the summariser cannot reach catalog");
            return catalogUrl;
          },
        },
      );
      return { product: await composing.catch((error: Error) => error), opened, events };
    } finally {
      record.mockRestore();
    }
  }

  it("wires every service's address into the gateway, and stop closes every port it opened and the bus", async () => {
    const { product, opened, events } = await composeRecording();
    if (product instanceof Error) throw product;
    expect(Object.keys(product.urls).sort()).toEqual(["auth", "billing", "catalog", "mailer", "summariser"]);
    const search = await product.gateway.inject({ url: "/api/youtube/search?query=orbit" });
    expect(search.statusCode).toBe(200);
    expect(search.json<unknown[]>().length).toBeGreaterThan(0);
    expect(opened.filter((server) => server.listening)).toHaveLength(5);

    await product.stop();

    expect(opened.filter((server) => server.listening)).toEqual([]);
    expect(events.isConnected()).toBe(false);
  });

  it("closes what it had built when a service fails to start, then throws why", async () => {
    const { product, opened, events } = await composeRecording(true);

    expect(product).toEqual(new Error("the summariser cannot reach catalog"));
    // Auth, catalog and billing had been listening.
    expect(opened).toHaveLength(3);
    expect(opened.filter((server) => server.listening)).toEqual([]);
    expect(events.isConnected()).toBe(false);
  });
});
