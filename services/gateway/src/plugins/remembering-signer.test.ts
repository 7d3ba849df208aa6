import { Signer } from "@fastify/cookie";
import { describe, expect, it } from "vitest";
import { RememberingSigner } from "./remembering-signer.ts";

const SECRET = "a-session-secret-of-at-least-32-characters";

/** The plain signer, counting the HMACs it computes. */
function countingSigner(secrets: string | string[] = SECRET) {
  const signer = new Signer(secrets, "sha256");
  const counts = { sign: 0, unsign: 0 };
  return {
    counts,
    signer: {
      sign: (value: string) => {
        counts.sign++;
        return signer.sign(value);
      },
      unsign: (cookie: string) => {
        counts.unsign++;
        return signer.unsign(cookie);
      },
    },
  };
}

describe("the session cookie's remembering signer", () => {
  it("signs and verifies as the plain signer does, computing each value once", () => {
    const { counts, signer } = countingSigner();
    const remembering = new RememberingSigner(signer);
    const cookie = remembering.sign("session-id");
    expect(cookie).toBe(new Signer(SECRET, "sha256").sign("session-id"));
    expect(remembering.sign("session-id")).toBe(cookie);
    expect(remembering.unsign(cookie)).toEqual({ valid: true, renew: false, value: "session-id" });
    expect(remembering.unsign(cookie)).toEqual({ valid: true, renew: false, value: "session-id" });
    expect(counts).toEqual({ sign: 1, unsign: 1 });
  });

  it("refuses a forged or altered cookie every time, and keeps none of them", () => {
    const { counts, signer } = countingSigner();
    const remembering = new RememberingSigner(signer);
    const genuine = remembering.sign("session-id");
    const forged = new Signer("another-secret-of-at-least-32-characters", "sha256").sign("session-id");
    const altered = `other-id${genuine.slice("session-id".length)}`;
    for (const cookie of [forged, altered, forged, "no-signature", altered]) {
      expect(remembering.unsign(cookie)).toEqual({ valid: false, renew: false, value: null });
    }
    expect(counts.unsign).toBe(5);
  });

  it("keeps asking for a cookie signed with an older secret to be signed again", () => {
    const older = new Signer("the-older-secret-of-at-least-32-characters", "sha256").sign("session-id");
    const { counts, signer } = countingSigner([SECRET, "the-older-secret-of-at-least-32-characters"]);
    const remembering = new RememberingSigner(signer);
    expect(remembering.unsign(older)).toEqual({ valid: true, renew: true, value: "session-id" });
    expect(remembering.unsign(older)).toEqual({ valid: true, renew: true, value: "session-id" });
    expect(counts.unsign).toBe(2);
  });

  it("holds at most its bound, the oldest giving way first", () => {
    const { counts, signer } = countingSigner();
    const remembering = new RememberingSigner(signer, 2);
    const [a, b, c] = ["a", "b", "c"].map((id) => remembering.sign(id)) as [string, string, string];
    for (const cookie of [a, b, c]) remembering.unsign(cookie);
    expect(counts).toEqual({ sign: 3, unsign: 3 });
    // "c" and "b" are still known; "a" was dropped in each direction and is computed again.
    remembering.sign("c");
    remembering.unsign(b);
    expect(counts).toEqual({ sign: 3, unsign: 3 });
    remembering.sign("a");
    remembering.unsign(a);
    expect(counts).toEqual({ sign: 4, unsign: 4 });
  });
});
