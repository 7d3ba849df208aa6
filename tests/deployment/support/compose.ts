import { readFileSync } from "node:fs";
import path from "node:path";
import { parse } from "yaml";
import { REPOSITORY } from "./kustomize.ts";

export const COMPOSE_FILE = path.join(REPOSITORY, "docker-compose.yml");

interface ComposeService {
  build?: unknown;
  image?: string;
  environment?: Record<string, string | number | boolean | null>;
  healthcheck?: { test?: string[] };
}

export interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** docker-compose.yml as docker compose reads it: YAML merge keys (`<<: *service`) applied. */
export function readCompose(): ComposeFile {
  return parse(readFileSync(COMPOSE_FILE, "utf8"), { merge: true }) as ComposeFile;
}

// ${NAME}, ${NAME:-default}, ${NAME-default}, ${NAME:?error}, ${NAME?error}: compose's interpolation.
const REFERENCE = /\$\{([A-Z0-9_]+)(?:(:?[-?])([^}]*))?\}/g;

/** Every variable docker-compose.yml takes from .env, and those it refuses to start without (`:?`). */
export function composeVariables(): { all: Set<string>; required: Set<string> } {
  const text = readFileSync(COMPOSE_FILE, "utf8");
  const all = new Set<string>();
  const required = new Set<string>();
  for (const [, name, operator] of text.matchAll(REFERENCE)) {
    all.add(name as string);
    if (operator?.endsWith("?")) required.add(name as string);
  }
  return { all, required };
}

/** A value with its references filled from `env` the way compose fills them; an empty result means unset. */
export function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(REFERENCE, (_match, name: string, operator: string | undefined, rest: string) => {
    const given = env[name];
    const unset = given === undefined || (operator?.startsWith(":") === true && given === "");
    if (!unset) return given as string;
    if (operator?.endsWith("?")) throw new Error(`compose refuses to start without ${name}: ${rest}`);
    return operator?.endsWith("-") ? rest : "";
  });
}

/** The environment compose gives a service's container, with `.env`'s values filled in. */
export function composeEnvironment(
  service: ComposeService,
  env: Record<string, string>,
): Record<string, string> {
  const resolved: Record<string, string> = {};
  for (const [name, value] of Object.entries(service.environment ?? {})) {
    const text = interpolate(String(value ?? ""), env);
    // The services read an empty variable as unset (their defaults apply), as loadConfig documents.
    if (text !== "") resolved[name] = text;
  }
  return resolved;
}
