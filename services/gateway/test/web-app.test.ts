import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { ServiceApp } from "@tubedigest/http";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildGatewayApp } from "../src/app.ts";
import { gatewayAloneSettings } from "./support/edge-gateway.ts";

const BIG_SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 50}`))};`;

function gatewayServing(webDist: string): Promise<ServiceApp> {
  // No service answers here: these tests never reach one.
  const nowhere = "http://127.0.0.1:9";
  return buildGatewayApp(
    gatewayAloneSettings(
      { auth: nowhere, catalog: nowhere, billing: nowhere, summariser: nowhere, mailer: nowhere },
      webDist,
    ),
    { log: pino({ level: "silent" }) },
  );
}

describe("the web app the gateway serves", () => {
  let webDist: string;
  let gateway: ServiceApp;
  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), "td-web-"));
    mkdirSync(path.join(webDist, "assets"));
    writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>tubedigest</title>");
    writeFileSync(path.join(webDist, "assets", "app-1a2b3c.js"), "console.log('app')");
    // As the build leaves a large file: a brotli and a gzip copy beside it (web/precompress.ts).
    writeFileSync(path.join(webDist, "assets", "big-4d5e6f.js"), BIG_SCRIPT);
    writeFileSync(path.join(webDist, "assets", "big-4d5e6f.js.br"), brotliCompressSync(BIG_SCRIPT));
    writeFileSync(path.join(webDist, "assets", "big-4d5e6f.js.gz"), gzipSync(BIG_SCRIPT));
    gateway = await gatewayServing(webDist);
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("serves hashed assets for keeps, whatever query follows them", async () => {
    for (const url of ["/assets/app-1a2b3c.js", "/assets/app-1a2b3c.js?v=2"]) {
      const asset = await gateway.inject(url);
      expect(asset.statusCode, url).toBe(200);
      expect(asset.body).toBe("console.log('app')");
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    }
  });

  it("sends the build's compressed copy to a browser that accepts it, the file itself to others", async () => {
    const asks = [
      ["gzip, deflate, br, zstd", "br", brotliDecompressSync],
      ["gzip", "gzip", gunzipSync],
    ] as const;
    for (const [accepted, encoding, decode] of asks) {
      const asset = await gateway.inject({
        url: "/assets/big-4d5e6f.js",
        headers: { "accept-encoding": accepted },
      });
      expect(asset.statusCode, accepted).toBe(200);
      expect(asset.headers["content-encoding"], accepted).toBe(encoding);
      expect(asset.headers["content-type"], accepted).toMatch(/^(text|application)\/javascript/);
      expect(asset.headers.vary, accepted).toMatch(/accept-encoding/i);
      expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(decode(asset.rawPayload).toString(), accepted).toBe(BIG_SCRIPT);
      expect(asset.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 5);
    }
    const plain = await gateway.inject({
      url: "/assets/big-4d5e6f.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
    // A file the build left uncompressed (too small) is sent as it is, whatever the browser accepts.
    const small = await gateway.inject({
      url: "/assets/app-1a2b3c.js",
      headers: { "accept-encoding": "br" },
    });
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.body).toBe("console.log('app')");
  });

  it("serves an asset written after it started (a rebuild) the same way", async () => {
    writeFileSync(path.join(webDist, "assets", "late-9f8e7d.js"), "console.log('late')");
    const asset = await gateway.inject("/assets/late-9f8e7d.js");
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe("console.log('late')");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  it("answers every page route with index.html, never cached", async () => {
    for (const url of ["/", "/dashboard", "/checkout/pro?plan=x"]) {
      const page = await gateway.inject(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain("<title>tubedigest</title>");
      expect(page.headers["cache-control"]).toBe("no-cache");
    }
    expect((await gateway.inject({ method: "HEAD", url: "/dashboard" })).statusCode).toBe(200);
  });

  it.each([
    ["GET", "/missing.js", "No route for GET /missing.js"],
    ["POST", "/dashboard", "No route for POST /dashboard"],
    ["GET", "/api/nobody-owns-this", "No route for GET /api/nobody-owns-this"],
    ["DELETE", "/api/user/profiles", "No route for DELETE /api/user/profiles"],
  ] as const)("answers %s %s, which is no page, with a 404 naming it", async (method, url, message) => {
    const response = await gateway.inject({ method, url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message });
  });
});

describe("the gateway before the web app is built", () => {
  it("says so on page routes, and still answers 404 for the rest", async () => {
    const gateway = await gatewayServing(path.join(tmpdir(), "no-web-build-here"));
    try {
      const page = await gateway.inject("/dashboard");
      expect(page.statusCode).toBe(503);
      expect(page.headers["content-type"]).toMatch(/^text\/plain/);
      expect(page.body).toBe("The web app has not been built yet: run `make build`.");
      expect((await gateway.inject("/app.js")).statusCode).toBe(404);
    } finally {
      await gateway.close();
    }
  });
});
