import { EMAIL_PATTERN, TYPED_EMAIL_PATTERN } from "@tubedigest/contracts/email-rule";
import fc from "fast-check";
import { emailAddress } from "./hostile-input.ts";

/** The JSON Schema keywords the routes' schemas use (TypeBox writes them). */
export interface JsonSchema {
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, JsonSchema>;
}

/** Long enough to reach a field's limit, short enough to keep a run quick. */
const LONGEST_STRING = 120;
const LONGEST_ARRAY = 4;

/** Whether a field takes an e-mail address: JSON Schema's format, or the product's one rule. */
export function isEmailSchema(schema: JsonSchema): boolean {
  return (
    schema.format === "email" || schema.pattern === EMAIL_PATTERN || schema.pattern === TYPED_EMAIL_PATTERN
  );
}

function stringsOf(schema: JsonSchema): fc.Arbitrary<string> {
  if (isEmailSchema(schema)) return emailAddress;
  if (schema.format === "uri") return fc.webUrl();
  // A value the pattern accepts; its length limits may still refuse it, which is bad input too.
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  const minLength = schema.minLength ?? 0;
  // Code points, as JSON Schema counts a string's length (a grapheme may be several).
  return fc.string({
    unit: "binary",
    minLength,
    maxLength: Math.max(minLength, Math.min(schema.maxLength ?? LONGEST_STRING, LONGEST_STRING)),
  });
}

/**
 * Values a route's JSON Schema describes as valid, as far as this subset goes: the starting point from
 * which the hostile generators (hostileBodies, hostileQueries) corrupt one part, so their input gets past
 * the first check and reaches deeper ones.
 */
export function valuesOf(schema: JsonSchema): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(valuesOf));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case "string":
      return stringsOf(schema);
    case "integer":
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000 });
    case "number":
      return fc.double({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(valuesOf(schema.items ?? {}), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? LONGEST_ARRAY, LONGEST_ARRAY)),
      });
    case "object":
      return fc.record(fieldsOf(schema));
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One generator per property of an object schema, as `hostileBodies` takes them. */
export function fieldsOf(schema: JsonSchema): Record<string, fc.Arbitrary<unknown>> {
  return Object.fromEntries(
    Object.entries(schema.properties ?? {}).map(([name, field]) => [name, valuesOf(field)]),
  );
}

/** The properties of an object schema that take an e-mail address. */
export function emailFieldsOf(schema: JsonSchema): string[] {
  return Object.entries(schema.properties ?? {})
    .filter(([, field]) => isEmailSchema(field))
    .map(([name]) => name);
}
