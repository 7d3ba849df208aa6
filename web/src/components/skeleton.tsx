/** A placeholder block while content loads; hidden from assistive technology (announce loading elsewhere). */
export function Skeleton({ className }: { className?: string }) {
  return <span className={["skeleton", className].filter(Boolean).join(" ")} aria-hidden="true" />;
}
