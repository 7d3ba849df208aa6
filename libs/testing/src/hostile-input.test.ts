import { isEmailAddress, TYPED_EMAIL_PATTERN } from "@tubedigest/contracts/email-rule";
import fc from "fast-check";
import Type from "typebox";
import { describe, expect, it } from "vitest";
import { emailAddress, notOneBareAddress, youtubeChannelId } from "./hostile-input.ts";
import { emailFieldsOf, type JsonSchema, valuesOf } from "./schema-values.ts";

describe("e-mail generators", () => {
  it("makes valid addresses the product's rule accepts", () => {
    fc.assert(
      fc.property(emailAddress, (email) => {
        expect(isEmailAddress(email)).toBe(true);
      }),
    );
  });

  it("makes addresses that hold a valid one yet are refused as more than one bare address", () => {
    fc.assert(
      fc.property(notOneBareAddress, (text) => {
        expect(text).toMatch(/@/);
        expect(isEmailAddress(text.trim())).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("finds the fields whose schema is the product's e-mail rule, and fills them with valid addresses", () => {
    const email = Type.String({ pattern: TYPED_EMAIL_PATTERN, maxLength: 254 });
    const schema = Type.Object({ email: Type.Optional(email), name: Type.String() }) as JsonSchema;
    expect(emailFieldsOf(schema)).toEqual(["email"]);
    fc.assert(
      fc.property(valuesOf(email as JsonSchema), (value) => {
        expect(isEmailAddress(String(value))).toBe(true);
      }),
    );
  });
});

describe("youtubeChannelId", () => {
  it("makes ids of the form YouTube gives channels, drawing on its whole alphabet", () => {
    const ids = fc.sample(youtubeChannelId, 500);
    for (const id of ids) expect(id).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
    expect(new Set(ids.flatMap((id) => [...id.slice(2)])).size).toBe(64);
  });
});
