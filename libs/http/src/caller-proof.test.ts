import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { optionalClaimHolder, requireCaller } from "./caller.ts";
import {
  CALLER_HEADER,
  CALLER_PROOF_HEADER,
  CLAIM_HOLDER_HEADER,
  CLAIM_HOLDER_PROOF_HEADER,
  callerHeaders,
  claimHolderHeaders,
} from "./caller-proof.ts";
import { createServiceApp, type ServiceApp } from "./create-service-app.ts";

const SECRET = "identity-secret-for-tests-only-0123456789";
const USER = "3f1c2a9e-6b0d-4c8e-9a51-2d7e4f60b1aa";
const warnings: { reason?: string; msg: string }[] = [];

let app: ServiceApp;
let withoutSecret: ServiceApp;

beforeAll(async () => {
  const logger = pino({ level: "warn" }, { write: (line: string) => warnings.push(JSON.parse(line)) });
  app = createServiceApp({ name: "probe", logger, identitySecret: SECRET });
  withoutSecret = createServiceApp({ name: "probe", logLevel: "silent" });
  for (const service of [app, withoutSecret]) {
    service.get("/me", async (request) => ({ userId: requireCaller(request) }));
    service.get("/holder", async (request) => ({ holder: optionalClaimHolder(request) ?? null }));
  }
  await Promise.all([app.ready(), withoutSecret.ready()]);
});
afterAll(() => Promise.all([app.close(), withoutSecret.close()]));
afterEach(() => {
  warnings.length = 0;
});

const askMe = (headers: Record<string, string>, service = app) => service.inject({ url: "/me", headers });
const proofFor = (userId: string, requestId: string) =>
  callerHeaders(SECRET, userId, requestId)[CALLER_PROOF_HEADER] as string;
/** The headers the gateway would have sent from a clock this far off. */
const madeAt = (offsetMs: number) => {
  vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + offsetMs });
  const headers = callerHeaders(SECRET, USER, "req-1");
  vi.useRealTimers();
  return headers;
};

describe("the caller header", () => {
  it("is believed with the gateway's proof for this user and this request", async () => {
    const response = await askMe(callerHeaders(SECRET, USER, "req-1"));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: USER });
    expect(warnings).toEqual([]);
  });

  it("is believed with a proof up to five minutes old", async () => {
    expect((await askMe(madeAt(-4 * 60_000))).statusCode).toBe(200);
  });

  type Refusal = [string, () => Record<string, string>, string];
  const malformed = ["", "v1", "v2.1700000000.abc", `v1.x.${"A".repeat(43)}`, `v1.1.${"A".repeat(42)}`];
  const refusals: Refusal[] = [
    ["without a proof", () => ({ [CALLER_HEADER]: USER, "x-request-id": "req-1" }), "no proof"],
    [
      "with a proof made with another secret",
      () => callerHeaders("another-secret-of-at-least-32-characters", USER, "req-1"),
      "wrong signature",
    ],
    [
      "with the proof of another user",
      () => ({ ...callerHeaders(SECRET, "someone-else", "req-1"), [CALLER_HEADER]: USER }),
      "wrong signature",
    ],
    [
      "with the proof of another request",
      () => ({ ...callerHeaders(SECRET, USER, "req-1"), "x-request-id": "req-2" }),
      "wrong signature",
    ],
    [
      "with a proof whose time was changed",
      () => {
        const [, timestamp, signature] = proofFor(USER, "req-1").split(".");
        const moved = `v1.${Number(timestamp) - 1}.${signature}`;
        return { [CALLER_HEADER]: USER, [CALLER_PROOF_HEADER]: moved, "x-request-id": "req-1" };
      },
      "wrong signature",
    ],
    ["with a proof from over five minutes ago", () => madeAt(-6 * 60_000), "expired proof"],
    ["with a proof from over five minutes ahead", () => madeAt(6 * 60_000), "expired proof"],
    ...malformed.map(
      (bad): Refusal => [
        `with the malformed proof "${bad}"`,
        () => ({ [CALLER_HEADER]: USER, [CALLER_PROOF_HEADER]: bad, "x-request-id": "req-1" }),
        "malformed proof",
      ],
    ),
    [
      "with a proof but no user id",
      () => ({ [CALLER_PROOF_HEADER]: proofFor(USER, "req-1"), "x-request-id": "req-1" }),
      "no user id",
    ],
  ];

  it.each(refusals)("is not believed %s: 401, and a warning", async (_case, headers, reason) => {
    const response = await askMe(headers());
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Please sign in to continue." });
    expect(warnings).toEqual([expect.objectContaining({ reason, msg: "caller not believed" })]);
  });

  it("is answered like no caller at all when nothing names one, without a warning", async () => {
    const response = await askMe({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Please sign in to continue." });
    expect(warnings).toEqual([]);
  });

  it("is never believed by a service given no secret", async () => {
    const response = await askMe(callerHeaders(SECRET, USER, "req-1"), withoutSecret);
    expect(response.statusCode).toBe(401);
  });
});

describe("the claim holder header", () => {
  const askHolder = async (headers: Record<string, string>, service = app) =>
    (await service.inject({ url: "/holder", headers })).json().holder;

  it("names the account with the gateway's proof for a claim holder", async () => {
    expect(await askHolder(claimHolderHeaders(SECRET, USER, "req-1"))).toBe(USER);
    expect(warnings).toEqual([]);
  });

  it("never makes the visitor a signed-in caller", async () => {
    const response = await askMe(claimHolderHeaders(SECRET, USER, "req-1"));
    expect(response.statusCode).toBe(401);
  });

  it("is not believed with a caller's proof, and a caller's header is not believed with a holder's", async () => {
    const caller = callerHeaders(SECRET, USER, "req-1");
    const holder = claimHolderHeaders(SECRET, USER, "req-1");
    const callerProofAsHolder = {
      [CLAIM_HOLDER_HEADER]: USER,
      [CLAIM_HOLDER_PROOF_HEADER]: caller[CALLER_PROOF_HEADER] as string,
      "x-request-id": "req-1",
    };
    expect(await askHolder(callerProofAsHolder)).toBeNull();
    const holderProofAsCaller = {
      [CALLER_HEADER]: USER,
      [CALLER_PROOF_HEADER]: holder[CLAIM_HOLDER_PROOF_HEADER] as string,
      "x-request-id": "req-1",
    };
    expect((await askMe(holderProofAsCaller)).statusCode).toBe(401);
    expect(warnings.map((warning) => warning.reason)).toEqual(["wrong signature", "wrong signature"]);
  });

  it("is not believed with another secret's proof, or by a service given no secret", async () => {
    expect(
      await askHolder(claimHolderHeaders("another-secret-of-at-least-32-characters", USER, "r")),
    ).toBeNull();
    expect(await askHolder(claimHolderHeaders(SECRET, USER, "req-1"), withoutSecret)).toBeNull();
  });

  it("gives way to a signed-in caller, who acts as themselves", async () => {
    const other = "9b2e5c1d-0a4f-4e7b-8c3d-5f6a7b8c9d0e";
    const headers = {
      ...claimHolderHeaders(SECRET, other, "req-1"),
      ...callerHeaders(SECRET, USER, "req-1"),
    };
    expect(await askHolder(headers)).toBeNull();
  });
});
