import { Card } from "../../components/card.tsx";
import { StartPreview } from "../../components/start-preview.tsx";

/**
 * /preview with no channel to preview (opened in a new tab, from a bookmark): instead of an error, the
 * landing page's way in — pick a channel, give the address — and the preview follows on this page.
 */
export function PickChannelToPreview({ email, onStarted }: { email?: string; onStarted: () => void }) {
  return (
    <section className="container preview-pick" aria-labelledby="preview-pick-title">
      <h1 id="preview-pick-title">Preview Your Newsletter</h1>
      <p className="preview-lead">
        Pick a channel, and see this week's digest of it before you choose a plan.
      </p>
      <Card className="preview-pick-card">
        {/* Made again once a signed-in reader's address is known, to start from it. */}
        <StartPreview key={email ?? ""} initialEmail={email} onStarted={onStarted} />
      </Card>
    </section>
  );
}
