import { loadConfig } from "@tubedigest/config";
import Type from "typebox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requireCaller } from "./caller.ts";
import { CALLER_PROOF_HEADER, callerHeaders, callerProofProblem } from "./caller-proof.ts";
import { createServiceApp, type ServiceApp } from "./create-service-app.ts";
import { PreviousIdentitySecret } from "./identity-environment.ts";

const CURRENT = "identity-secret-current-for-tests-0123456789";
const PREVIOUS = "identity-secret-previous-for-tests-012345678";
const USER = "3f1c2a9e-6b0d-4c8e-9a51-2d7e4f60b1aa";

let rotating: ServiceApp;
let settled: ServiceApp;

beforeAll(async () => {
  rotating = createServiceApp({
    name: "probe",
    logLevel: "silent",
    identitySecret: CURRENT,
    previousIdentitySecret: PREVIOUS,
  });
  settled = createServiceApp({ name: "probe", logLevel: "silent", identitySecret: CURRENT });
  for (const app of [rotating, settled])
    app.get("/me", async (request) => ({ userId: requireCaller(request) }));
  await Promise.all([rotating.ready(), settled.ready()]);
});
afterAll(() => Promise.all([rotating.close(), settled.close()]));

const statusOf = async (app: ServiceApp, secret: string) =>
  (await app.inject({ url: "/me", headers: callerHeaders(secret, USER, "req-1") })).statusCode;

describe("a caller's proof while IDENTITY_SECRET is rotated", () => {
  it("counts when made with the previous secret, once that is configured", async () => {
    expect(await statusOf(rotating, PREVIOUS)).toBe(200);
    expect(await statusOf(rotating, CURRENT)).toBe(200);
  });

  it("does not count when made with the previous secret once it is no longer configured", async () => {
    expect(await statusOf(settled, PREVIOUS)).toBe(401);
    expect(await statusOf(settled, CURRENT)).toBe(200);
  });

  it("never counts when made with any other secret", async () => {
    expect(await statusOf(rotating, "identity-secret-some-other-one-0123456789")).toBe(401);
  });

  it("is made with the secret it is signed with, which the previous one alone does not accept", () => {
    const proof = callerHeaders(CURRENT, USER, "req-1")[CALLER_PROOF_HEADER];
    expect(callerProofProblem([CURRENT], "caller", USER, "req-1", proof)).toBeUndefined();
    expect(callerProofProblem([PREVIOUS], "caller", USER, "req-1", proof)).toBe("wrong signature");
  });
});

describe("IDENTITY_SECRET_PREVIOUS", () => {
  const schema = Type.Object({
    IDENTITY_SECRET: Type.String({ minLength: 32 }),
    ...PreviousIdentitySecret,
  });

  it("may be left unset", () => {
    expect(loadConfig(schema, { IDENTITY_SECRET: CURRENT })).toEqual({ IDENTITY_SECRET: CURRENT });
  });

  it("is read beside IDENTITY_SECRET", () => {
    expect(loadConfig(schema, { IDENTITY_SECRET: CURRENT, IDENTITY_SECRET_PREVIOUS: PREVIOUS })).toEqual({
      IDENTITY_SECRET: CURRENT,
      IDENTITY_SECRET_PREVIOUS: PREVIOUS,
    });
  });

  it("is refused shorter than IDENTITY_SECRET may be", () => {
    expect(() => loadConfig(schema, { IDENTITY_SECRET: CURRENT, IDENTITY_SECRET_PREVIOUS: "short" })).toThrow(
      "IDENTITY_SECRET_PREVIOUS must be at least 32 characters long (value hidden)",
    );
  });

  it("is refused with IDENTITY_SECRET's own value", () => {
    expect(() => loadConfig(schema, { IDENTITY_SECRET: CURRENT, IDENTITY_SECRET_PREVIOUS: CURRENT })).toThrow(
      "IDENTITY_SECRET and IDENTITY_SECRET_PREVIOUS have the same value: give each secret a value of its own",
    );
  });
});
