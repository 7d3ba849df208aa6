import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type Secrets = { sessionSecret: string; claimSecret: string };

/**
 * Secrets for a machine that was given none: made once and kept in the data folder, so signed cookies
 * stay valid across restarts. Written owner-readable only.
 */
export function localSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, "secrets.json");
  try {
    return JSON.parse(readFileSync(file, "utf8")) as Secrets;
  } catch {
    const secrets = {
      sessionSecret: randomBytes(32).toString("hex"),
      claimSecret: randomBytes(32).toString("hex"),
    };
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
    return secrets;
  }
}
