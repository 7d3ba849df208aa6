import type { NodemailerError } from "nodemailer";
import { PermanentSendError, TransientSendError } from "./mail-transport.ts";

// The commands whose refusal is about this recipient or this message. A 5xx elsewhere (our login,
// our sender address, the greeting) is the service's own configuration: retried while someone fixes
// it, never held against the recipient.
const ABOUT_THE_RECIPIENT = new Set(["RCPT TO", "DATA"]);

/**
 * What a failed SMTP send means for the message. A reply the server gave decides by its class, as
 * nodemailer reads it (`permanent`: 5xx except 503); a recipient address nodemailer itself finds
 * unusable never will be usable; everything else (4xx, a dropped or timed-out connection, a refused
 * one, DNS, TLS) may pass later.
 */
export function classifySmtpFailure(error: unknown): TransientSendError | PermanentSendError {
  const failure = (error ?? {}) as NodemailerError;
  const message = failure.message ?? String(error);
  if (failure.responseCode !== undefined) {
    const permanent = failure.permanent === true && ABOUT_THE_RECIPIENT.has(failure.command ?? "");
    return permanent
      ? new PermanentSendError(message, { cause: error })
      : new TransientSendError(message, { cause: error });
  }
  // Nodemailer tells a bad recipient ("Invalid recipient", "No recipients defined") from a bad sender
  // only in its wording; a wording it may change falls back to a retry, never to a suppression.
  if (failure.code === "EENVELOPE" && /recipient/i.test(message)) {
    return new PermanentSendError(message, { cause: error });
  }
  return new TransientSendError(message, { cause: error });
}
