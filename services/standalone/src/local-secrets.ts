import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

const NAMES = ["sessionSecret", "claimSecret", "identitySecret"] as const;
export type LocalSecrets = Record<(typeof NAMES)[number], string>;

function readSaved(file: string): Partial<LocalSecrets> {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Partial<LocalSecrets>;
  } catch {
    return {};
  }
}

/**
 * Secrets for a machine that was given none: made once and kept in the data folder, so signed cookies
 * stay valid across restarts. A secret added by a later version is made and kept beside the earlier
 * ones. Written owner-readable only.
 */
export function localSecrets(dataDir: string): LocalSecrets {
  const file = path.join(dataDir, "secrets.json");
  const saved = readSaved(file);
  if (NAMES.every((name) => typeof saved[name] === "string")) return saved as LocalSecrets;
  const secrets = Object.fromEntries(
    NAMES.map((name) => [name, saved[name] ?? randomBytes(32).toString("hex")]),
  ) as LocalSecrets;
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
  return secrets;
}
