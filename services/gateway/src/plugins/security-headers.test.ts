import { createServiceApp, type ServiceApp } from "@tubedigest/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerSecurityHeaders } from "./security-headers.ts";

/** The policy's directives by name, each with its sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** Every header but the policy, byte for byte, as helmet has always sent them here. */
const OTHER_HEADERS = {
  "cross-origin-opener-policy": "same-origin-allow-popups",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "SAMEORIGIN",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};
const HSTS = { "strict-transport-security": "max-age=31536000; includeSubDomains" };
const POLICY =
  "default-src 'self';script-src 'self' https://js.stripe.com https://*.js.stripe.com;style-src 'self';" +
  "img-src 'self' data: https://*.ggpht.com https://*.ytimg.com https://*.googleusercontent.com https://*.stripe.com;" +
  "connect-src 'self' https://api.stripe.com;frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;" +
  "font-src 'self';object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none'";

/** The answer's headers but those every answer has (its id, type, length, date, connection). */
function securityHeaders(headers: Record<string, unknown>): Record<string, unknown> {
  const {
    "x-request-id": _id,
    "content-type": _type,
    "content-length": _length,
    date,
    connection,
    ...rest
  } = headers;
  return rest;
}

describe.each([false, true])("security headers (https %s)", (https) => {
  let app: ServiceApp;
  let policy: Map<string, string[]>;

  beforeAll(async () => {
    app = createServiceApp({ name: "headers-probe", logLevel: "silent" });
    registerSecurityHeaders(app, { https });
    app.get("/probe", async () => ({ ok: true }));
    app.get("/failing", async () => {
      throw new Error("broken");
    });
    const response = await app.inject("/probe");
    policy = directives(String(response.headers["content-security-policy"]));
  });
  afterAll(() => app.close());

  it("sends the same headers on every answer, found, missing or failed, each exactly as before", async () => {
    const expected = {
      "content-security-policy": https ? `${POLICY};upgrade-insecure-requests` : POLICY,
      ...OTHER_HEADERS,
      ...(https ? HSTS : {}),
    };
    for (const path of ["/probe", "/failing", "/missing", "/probe"]) {
      const response = await app.inject(path);
      expect(securityHeaders(response.headers), path).toEqual(expected);
    }
  });

  it("lets Stripe's Payment Element load, frame and call home as Stripe's security guide asks", () => {
    expect(policy.get("script-src")).toEqual(["'self'", "https://js.stripe.com", "https://*.js.stripe.com"]);
    expect(policy.get("frame-src")).toEqual([
      "https://js.stripe.com",
      "https://*.js.stripe.com",
      "https://hooks.stripe.com",
    ]);
    expect(policy.get("connect-src")).toEqual(["'self'", "https://api.stripe.com"]);
    expect(policy.get("img-src")).toContain("https://*.stripe.com");
  });

  it("allows no other script: no inline code, no eval, nothing from another host", () => {
    const scripts = policy.get("script-src") ?? [];
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(
      scripts
        .filter((source) => source !== "'self'")
        .every((source) => /^https:\/\/(\*\.)?js\.stripe\.com$/.test(source)),
    ).toBe(true);
    expect(policy.get("default-src")).toEqual(["'self'"]);
    expect(policy.get("object-src")).toEqual(["'none'"]);
    expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it(`${https ? "upgrades" : "does not upgrade"} insecure requests`, () => {
    expect(policy.has("upgrade-insecure-requests")).toBe(https);
  });
});
