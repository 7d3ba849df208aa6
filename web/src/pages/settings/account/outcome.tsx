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
