import { loadConfig } from "@tubedigest/config";
import { describe, expect, it } from "vitest";
import { PRODUCT_SERVICES } from "./compose-product.ts";
import { productProcesses, StackEnvironment } from "./product-processes.ts";

const SAVED = {
  sessionSecret: "saved-session-secret-0123456789abcdef",
  claimSecret: "saved-claim-secret-0123456789abcdefgh",
  identitySecret: "saved-identity-secret-0123456789abcd",
};

const plan = (env: Record<string, string> = {}) =>
  Object.fromEntries(productProcesses(loadConfig(StackEnvironment, env), SAVED).map((p) => [p.name, p.env]));

describe("the product as one process per service (make stack)", () => {
  it("starts the services in the order the product composes them", () => {
    const processes = productProcesses(loadConfig(StackEnvironment, {}), SAVED);
    expect(processes.map((process) => process.name)).toEqual([...PRODUCT_SERVICES]);
  });

  it("keeps every service but the gateway on the loopback address, each on its own port", () => {
    const services = plan();
    const { gateway, ...inner } = services;
    expect(gateway?.HOST).toBeUndefined();
    expect(Object.values(inner).map((env) => env.HOST)).toEqual(Object.values(inner).map(() => "127.0.0.1"));
    const ports = Object.values(inner).map((env) => env.PORT);
    expect(new Set(ports).size).toBe(ports.length);
    expect(services.summariser?.CATALOG_URL).toBe(`http://127.0.0.1:${services.catalog?.PORT}`);
    expect(services.gateway?.BILLING_URL).toBe(`http://127.0.0.1:${services.billing?.PORT}`);
  });

  it("signs with the saved secrets unless the stack names its own, one identity secret for all", () => {
    const saved = plan();
    expect(saved.gateway?.SESSION_SECRET).toBe(SAVED.sessionSecret);
    expect(saved.auth?.CLAIM_SECRET).toBe(SAVED.claimSecret);
    const identities = Object.values(saved).flatMap((env) => env.IDENTITY_SECRET ?? []);
    expect(identities).toEqual(identities.map(() => SAVED.identitySecret));
    expect(identities.length).toBe(PRODUCT_SERVICES.length - 1);
    const named = plan({ IDENTITY_SECRET: "named-identity-secret-0123456789abcdefg" });
    expect(named.mailer?.IDENTITY_SECRET).toBe("named-identity-secret-0123456789abcdefg");
    expect(named.gateway?.SESSION_SECRET).toBe(SAVED.sessionSecret);
  });

  it("keeps the mailer's files in the data folder", () => {
    expect(plan({ DATA_DIR: "/var/lib/tubedigest" }).mailer?.MAIL_DIR).toBe("/var/lib/tubedigest/mail");
  });
});
