import { randomBytes } from "node:crypto";

/** A name no other test run uses, safe as a Postgres identifier, Redis prefix or vhost. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}${randomBytes(4).toString("hex")}`;
}
