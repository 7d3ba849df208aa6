import fc from "fast-check";
import Type from "typebox";
import Value from "typebox/value";
import { describe, expect, it } from "vitest";
import { fieldsOf, type JsonSchema, valuesOf } from "./schema-values.ts";

describe("valuesOf", () => {
  it("gives values a TypeBox schema accepts, for the keywords the routes use", () => {
    const schema = Type.Object({
      email: Type.String({ format: "email", maxLength: 254 }),
      code: Type.String({ pattern: "^[A-Z]{3}-[0-9]{2}$" }),
      name: Type.String({ minLength: 1, maxLength: 20 }),
      count: Type.Integer({ minimum: 1, maximum: 50 }),
      plan: Type.Union([Type.Literal("basic"), Type.Literal("pro")]),
      note: Type.Union([Type.String({ maxLength: 5 }), Type.Null()]),
      tags: Type.Array(Type.String({ maxLength: 3 }), { minItems: 1, maxItems: 2 }),
    });
    fc.assert(
      fc.property(valuesOf(schema as JsonSchema), (value) => {
        expect(Value.Errors(schema, value)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("gives one generator per property, for hostileBodies", () => {
    const fields = fieldsOf(Type.Object({ a: Type.String(), b: Type.Integer() }) as JsonSchema);
    expect(Object.keys(fields)).toEqual(["a", "b"]);
  });
});
