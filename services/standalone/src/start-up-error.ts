/**
 * A reason the product cannot start that a person can fix (another copy running, a taken port), said in
 * one line: `main` prints the message alone, without a stack trace.
 */
export class StartUpError extends Error {
  override readonly name = "StartUpError";
}
