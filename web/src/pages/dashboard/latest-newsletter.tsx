import { Link } from "wouter";
import { Button } from "../../components/button.tsx";
import type { CurrentUser } from "../../lib/current-user.ts";
import { useApi } from "../../lib/use-api.ts";
import { NEWSLETTERS_PATH, type NewsletterItem, useGenerateNewsletter } from "./newsletters-tab.tsx";

/** While a reader with channels has no newsletter yet (their first digest is being made), the list is asked again this often. */
const WAITING_REFRESH_MS = 5_000;

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/**
 * The dashboard's first view shows the reader's latest newsletter, or that their first one is on its way,
 * with 'Generate Newsletter' at hand before the history tab is opened.
 */
export function LatestNewsletter({
  user,
  historyOpen,
  showHistory,
}: {
  user: CurrentUser;
  /** The history tab, with its own 'Generate Newsletter', is open: this card does not repeat it. */
  historyOpen: boolean;
  showHistory: () => void;
}) {
  const following = user.channelCount > 0;
  const { data, mutate } = useApi<NewsletterItem[]>(NEWSLETTERS_PATH, undefined, {
    // The first digest goes out as a plan starts: the card shows it once made, without a reload.
    refreshInterval: (latest) => (following && latest?.length === 0 ? WAITING_REFRESH_MS : 0),
    dedupingInterval: WAITING_REFRESH_MS / 2,
  });
  const { generate, generating } = useGenerateNewsletter(() => mutate());
  const latest = data?.[0];
  return (
    <section className="card dashboard-latest" aria-labelledby="latest-newsletter-title">
      <h2 id="latest-newsletter-title" className="dashboard-card-title">
        Latest newsletter
      </h2>
      {data === undefined ? null : latest ? (
        <p>
          <Link href={`/newsletters/${encodeURIComponent(latest.id)}`}>{latest.subject}</Link>
          <span className="muted">
            {" "}
            · {dateFormat.format(new Date(latest.sentAt ?? latest.createdAt))} ·{" "}
            <button type="button" className="link-button" onClick={showHistory}>
              All newsletters
            </button>
          </span>
        </p>
      ) : following ? (
        <p className="muted">
          Your first digest is being made from this week's videos and e-mailed to you; it appears here in a
          few minutes.
        </p>
      ) : (
        <p className="muted">Add channels below, and your first digest follows.</p>
      )}
      {historyOpen ? null : (
        <Button variant="secondary" busy={generating} busyLabel="Generating..." onClick={generate}>
          Generate Newsletter
        </Button>
      )}
    </section>
  );
}
