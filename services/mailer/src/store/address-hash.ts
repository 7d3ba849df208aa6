import { createHash } from "node:crypto";
import { canonicalEmail } from "@tubedigest/contracts/canonical-email";

/**
 * How an address is kept when it must not be kept in plain (a deleted account's, or one kept past its
 * account's deletion): SHA-256 of the canonical spelling, so the address can be checked against it but
 * not read from it.
 */
export const addressHash = (email: string) =>
  `sha256:${createHash("sha256").update(canonicalEmail(email)).digest("hex")}`;
