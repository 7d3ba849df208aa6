import fc from "fast-check";

/** Content types a client might claim for a body, right and wrong. */
export const ANY_CONTENT_TYPE = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "text/plain",
  "multipart/form-data",
);

/**
 * Bodies a careless or hostile client might send to a route whose well-formed body has `fields`:
 * not JSON, the wrong JSON, the right keys with wrong or oversized values plus unknown ones, and a body
 * over every service's size limit.
 */
export function hostileBodies(fields: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof(fc.jsonValue(), fc.string({ maxLength: 2_000 }), fc.constant("x".repeat(300_000)));
  return fc.oneof(
    fc.string({ maxLength: 500 }),
    fc.jsonValue().map((json) => JSON.stringify(json)),
    fc
      .record(Object.fromEntries(fields.map((field) => [field, value])), { requiredKeys: [] })
      .chain((body) =>
        fc.record({ unknown: fc.option(fc.jsonValue()) }).map((extra) => ({ ...body, ...extra })),
      )
      .map((body) => JSON.stringify(body)),
    fc.constant(JSON.stringify({ [fields[0] ?? "value"]: "x".repeat(1_100_000) })),
  );
}
