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

describe.each([false, true])("security headers (https %s)", (https) => {
  let app: ServiceApp;
  let policy: Map<string, string[]>;

  beforeAll(async () => {
    app = createServiceApp({ name: "headers-probe", logLevel: "silent" });
    await registerSecurityHeaders(app, { https });
    app.get("/probe", async () => ({ ok: true }));
    const response = await app.inject("/probe");
    policy = directives(String(response.headers["content-security-policy"]));
  });
  afterAll(() => app.close());

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
