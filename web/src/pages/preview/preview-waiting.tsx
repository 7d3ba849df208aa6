import { Skeleton } from "../../components/skeleton.tsx";
import { Spinner } from "../../components/spinner.tsx";

/**
 * The preview's loading view ('Crafting Your Newsletter Preview'), in the preview's own shape: the heading
 * and lead where the preview's will be, and the mock inbox and channel list as placeholders of their size, so
 * the preview takes their place without moving anything.
 */
export function PreviewWaiting() {
  return (
    <section className="container preview" aria-busy="true">
      <h1>Crafting Your Newsletter Preview</h1>
      <p className="preview-lead" role="status">
        <Spinner /> This may take up to 30 seconds...
      </p>
      <div className="preview-layout">
        <Skeleton className="preview-inbox-waiting" />
        <Skeleton className="preview-channels-waiting" />
      </div>
    </section>
  );
}
