import { createPrivateKey } from "node:crypto";

/** Receivers ignore (Gmail) or fail (RFC 8301) signatures made with shorter RSA keys. */
const MINIMUM_RSA_BITS = 1024;

/**
 * Whether `pem` is a private key the mailer can sign with: RSA (the only algorithm nodemailer signs
 * with, and the one every receiver verifies) of at least 1024 bits. Nodemailer sends a message unsigned
 * when its key cannot sign, so a key it could not use must stop start-up instead.
 */
export function isDkimSigningKey(pem: string): boolean {
  try {
    const key = createPrivateKey(pem);
    return (
      key.asymmetricKeyType === "rsa" && (key.asymmetricKeyDetails?.modulusLength ?? 0) >= MINIMUM_RSA_BITS
    );
  } catch {
    return false;
  }
}
