import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientAddress } from "./caller.ts";
import { CLIENT_ADDRESS_HEADER, callerHeaders, clientAddressHeaders } from "./caller-proof.ts";
import { createServiceApp, type ServiceApp } from "./create-service-app.ts";

const SECRET = "identity-secret-for-tests-only-0123456789";

let app: ServiceApp;
beforeAll(async () => {
  app = createServiceApp({ name: "probe", logLevel: "silent", identitySecret: SECRET });
  app.get("/client", async (request) => ({ client: clientAddress(request) }));
  await app.ready();
});
afterAll(() => app.close());

const clientOf = async (headers: Record<string, string>) =>
  (await app.inject({ url: "/client", headers, remoteAddress: "10.0.0.5" })).json().client;

describe("the client's address", () => {
  it("is the one the gateway proved it forwarded for", async () => {
    expect(await clientOf(clientAddressHeaders(SECRET, "203.0.113.7", "req-1"))).toBe("203.0.113.7");
  });

  it("is the connection's own without the gateway's proof, whatever a header or forwarded-for says", async () => {
    expect(await clientOf({})).toBe("10.0.0.5");
    expect(await clientOf({ "x-forwarded-for": "198.51.100.1" })).toBe("10.0.0.5");
    expect(await clientOf({ [CLIENT_ADDRESS_HEADER]: "198.51.100.1", "x-request-id": "req-1" })).toBe(
      "10.0.0.5",
    );
    const forged = {
      ...clientAddressHeaders(SECRET, "203.0.113.7", "req-1"),
      [CLIENT_ADDRESS_HEADER]: "198.51.100.1",
    };
    expect(await clientOf(forged)).toBe("10.0.0.5");
    const otherSecret = clientAddressHeaders(
      "another-secret-of-at-least-32-characters",
      "198.51.100.1",
      "req-1",
    );
    expect(await clientOf(otherSecret)).toBe("10.0.0.5");
  });

  it("cannot be passed off with a caller's proof for the same value", async () => {
    const proof = callerHeaders(SECRET, "198.51.100.1", "req-1")["x-tubedigest-user-proof"] as string;
    const headers = {
      [CLIENT_ADDRESS_HEADER]: "198.51.100.1",
      "x-tubedigest-client-address-proof": proof,
      "x-request-id": "req-1",
    };
    expect(await clientOf(headers)).toBe("10.0.0.5");
  });
});
