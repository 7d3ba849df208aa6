import { ApiError, serverMessage } from "../../../lib/api.ts";

/** A section's last outcome, said where its form is: a success to read, or a failure to act on. */
export type Outcome = { kind: "success" | "error"; text: string } | undefined;

export function OutcomeMessage({ outcome }: { outcome: Outcome }) {
  if (!outcome) return null;
  return outcome.kind === "success" ? (
    <p className="notice settings-success" role="status">
      {outcome.text}
    </p>
  ) : (
    <p className="settings-error" role="alert">
      {outcome.text}
    </p>
  );
}

/**
 * Where a failed change's explanation belongs: under the current-password field when the server says
 * that is what is wrong, under the section's own field for any other refusal, or as the section's outcome
 * when the server could not answer (try again) or asks for a step first (a 403: follow a sign-in link).
 */
export function placeFailure(failure: unknown): { place: "password" | "field" | "outcome"; text: string } {
  const text = serverMessage(failure) ?? "Something went wrong. Please try again.";
  if (!(failure instanceof ApiError) || failure.status >= 500 || failure.status === 403) {
    return { place: "outcome", text };
  }
  return { place: /current password/i.test(text) ? "password" : "field", text };
}
