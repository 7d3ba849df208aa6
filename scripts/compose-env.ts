import { randomBytes } from "node:crypto";

/** Placeholders in .env.example that must never reach a running stack. */
const PLACEHOLDER = /^([A-Z0-9_]+)=dev-only-.*$/gm;

/**
 * The .env `make up` writes: .env.example with every dev-only placeholder replaced by 48 fresh random
 * hex characters (long enough for every secret, and safe inside the connection URLs compose builds).
 */
export function freshComposeEnv(example: string, random = () => randomBytes(24).toString("hex")): string {
  const header =
    "# Written by `make up` from .env.example with fresh random secrets. Keep it private; never commit it.\n";
  return header + example.replace(PLACEHOLDER, (_line, name: string) => `${name}=${random()}`);
}
