import type { Static, TObject } from "typebox";
import Value from "typebox/value";

export type Environment = Readonly<Record<string, string | undefined>>;

/** Raised at boot when the environment does not satisfy a service's schema; names every bad variable. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

const SECRET_NAME = /SECRET|TOKEN|PASSWORD|KEY/;

/**
 * Reads the variables a schema names from the environment, converts and defaults them, and fails with
 * every problem at once. This is the only place the process environment is read.
 */
export function loadConfig<S extends TObject>(schema: S, env: Environment = process.env): Static<S> {
  const raw: Record<string, string> = {};
  for (const name of Object.keys(schema.properties)) {
    const value = env[name];
    // An empty variable means "not set", so `FOO= make start` falls back to the default.
    if (value !== undefined && value.trim() !== "") raw[name] = value.trim();
  }
  const value = Value.Default(schema, Value.Convert(schema, raw));
  const errors = Value.Errors(schema, value);
  if (errors.length === 0) return value as Static<S>;
  throw new ConfigError(errors.map((error) => describe(error, raw)));
}

function describe(
  error: { instancePath: string; message: string; keyword: string; params: unknown },
  raw: Record<string, string>,
): string {
  if (error.keyword === "required") {
    const missing = (error.params as { requiredProperties?: string[] }).requiredProperties ?? [];
    return `${missing.join(", ")} must be set`;
  }
  const name = error.instancePath.replace(/^\//, "").split("/")[0] ?? "";
  const given = raw[name];
  const shown = given === undefined ? "" : SECRET_NAME.test(name) ? " (value hidden)" : ` (got "${given}")`;
  return `${name} ${error.message}${shown}`;
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
