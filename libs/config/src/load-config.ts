import type { Static, TObject, TSchema } from "typebox";
import Value from "typebox/value";
import { SECRET_NAME, unsafeValueProblems } from "./unsafe-values.ts";

export type Environment = Readonly<Record<string, string | undefined>>;

/** Raised at boot when the environment does not satisfy a service's schema; names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

interface Failure {
  keyword: string;
  message: string;
  params: Record<string, unknown>;
}

type PropertySchema = TSchema & {
  type?: string;
  anyOf?: { const?: unknown }[];
  enum?: unknown[];
};

// Written the way a person writes numbers: TypeBox alone would take "1.5" as 1 and "0x10" as 16.
const WHOLE_NUMBER = /^[+-]?\d+$/;
const DECIMAL_NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Reads the variables a schema names from the environment, converts and defaults them, and fails with
 * every problem at once, each naming its variable and what it may be, then every unsafe value (a
 * placeholder secret, one secret used twice, a development aid in production: see unsafe-values.ts). This
 * is the only place the process environment is read.
 */
export function loadConfig<S extends TObject>(schema: S, env: Environment = process.env): Static<S> {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(schema.properties)) {
    const value = env[name];
    // An empty variable means "not set", so `FOO= make start` falls back to the default.
    if (value !== undefined && value.trim() !== "") raw[name] = value.trim();
  }
  // Convert works in place; `raw` stays as written, for the checks and messages below.
  const converted = Value.Convert(schema, { ...raw }) as Record<string, unknown>;
  for (const [name, text] of Object.entries(raw)) {
    const { type } = schema.properties[name] as PropertySchema;
    const written = type === "integer" ? WHOLE_NUMBER : type === "number" ? DECIMAL_NUMBER : undefined;
    // Left as text, so the check below refuses it as "must be a whole number".
    if (written && !written.test(text)) converted[name] = text;
  }
  const value = Value.Default(schema, converted) as Record<string, unknown>;
  const problems = describeProblems(schema, value, raw);
  if (problems.length === 0) return value as Static<S>;
  throw new ConfigError(problems);
}

/**
 * One line per variable, in the schema's order: the first thing wrong with it, in words. Each variable is
 * checked on its own, since TypeBox stops collecting a value's errors after a few. The values that pass
 * are then checked together for unsafe ones.
 */
function describeProblems(schema: TObject, value: Record<string, unknown>, raw: Record<string, string>) {
  const required = new Set(schema.required ?? []);
  const problems: string[] = [];
  const passed: Record<string, unknown> = {};
  for (const [name, property] of Object.entries(schema.properties)) {
    if (value[name] === undefined) {
      if (required.has(name)) problems.push(`${name} must be set`);
      continue;
    }
    const failures = Value.Errors(property, value[name]) as Failure[];
    if (failures.length > 0) {
      problems.push(`${name} ${expectation(property as PropertySchema, failures)}${shown(name, raw)}`);
    } else {
      passed[name] = value[name];
    }
  }
  // Rules between variables (several that go together, one that must agree with another) are refinements
  // of the whole schema, each saying in its own words what is wrong; they are read once every variable is
  // right on its own, so each can rely on the others' types.
  if (problems.length === 0) {
    for (const refinement of (schema as RefinedSchema)["~refine"] ?? []) {
      if (!refinement.check(value)) problems.push(refinement.error(value));
    }
  }
  return [...problems, ...unsafeValueProblems(passed)];
}

type RefinedSchema = TObject & {
  "~refine"?: { check(value: unknown): boolean; error(value: unknown): string }[];
};

function expectation(property: PropertySchema, failures: readonly Failure[]): string {
  const allowed = property.enum ?? property.anyOf?.map((member) => member.const);
  if (allowed?.every((value) => value !== undefined)) return `must be one of: ${allowed.join(", ")}`;
  // A union of other shapes: its members' own failures say more than "must match a schema in anyOf".
  const failure = failures.find((each) => each.keyword !== "anyOf") ?? (failures[0] as Failure);
  const { limit } = failure.params;
  switch (failure.keyword) {
    case "type":
      return TYPE_WORDS[String(failure.params.type)] ?? failure.message;
    case "minimum":
      return `must be at least ${limit}`;
    case "exclusiveMinimum":
      return `must be more than ${limit}`;
    case "maximum":
      return `must be at most ${limit}`;
    case "exclusiveMaximum":
      return `must be less than ${limit}`;
    case "multipleOf":
      return `must be a multiple of ${failure.params.multipleOf}`;
    case "minLength":
      return `must be at least ${limit} characters long`;
    case "maxLength":
      return `must be at most ${limit} characters long`;
    case "pattern":
      return `must match the pattern ${failure.params.pattern}`;
    case "format":
      return `must be a valid ${failure.params.format}`;
    case "const":
      return `must be ${failure.params.allowedValue}`;
    default:
      // Refinements carry their own words ("must be an IP address ..."), as do any other kinds.
      return failure.message;
  }
}

const TYPE_WORDS: Record<string, string> = {
  integer: "must be a whole number",
  number: "must be a number",
  boolean: "must be true or false",
  string: "must be text",
};

/** The value as given, so the reader sees what was wrong; never a secret, nor a URL's password. */
function shown(name: string, raw: Record<string, string>): string {
  const given = raw[name];
  if (given === undefined) return "";
  if (SECRET_NAME.test(name)) return " (value hidden)";
  const url = URL.parse(given);
  if (url?.password) url.password = "***";
  return ` (got "${url?.password ? url.href : given}")`;
}

/** For a service's entry point: a bad environment stops start-up with the list of problems, no stack trace. */
export function loadConfigOrExit<S extends TObject>(schema: S): Static<S> {
  try {
    return loadConfig(schema);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
