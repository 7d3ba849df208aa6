/** A busy indicator; `label` is what assistive technology hears (omit it inside a labelled button). */
export function Spinner({ label }: { label?: string }) {
  return label ? (
    <span className="spinner" role="status" aria-label={label} />
  ) : (
    <span className="spinner" aria-hidden="true" />
  );
}
