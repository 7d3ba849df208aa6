import { Spinner } from "./spinner.tsx";

/** What a screen shows while its code or first data arrives. */
export function PageLoading({ label = "Loading" }: { label?: string }) {
  return (
    <div className="page-loading">
      <Spinner label={label} />
    </div>
  );
}
