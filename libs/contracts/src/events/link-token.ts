import Type from "typebox";

/**
 * The secret of a single-use link auth mails (a sign-in, a password reset, a move to a new address): 256 random bits as
 * base64url. Auth keeps only its SHA-256, so the event carrying it is the one place it can be read from.
 */
export const LinkToken = Type.String({ pattern: "^[A-Za-z0-9_-]{43}$" });
