import { DigestContent } from "../../components/digest-content.tsx";
import { splitPreview } from "./split-preview.ts";

interface MockInboxProps {
  email: string;
  content: string;
  videoCount: number;
}

/**
 * The preview as it would arrive: an opened e-mail with the digest's own header (the tubedigest wordmark)
 * and body, its lower part blurred behind 'We analyzed N videos this week'. The blurred copy is inert and
 * hidden from assistive technology: it is a picture of what a plan unlocks, not content to read.
 */
export function MockInbox({ email, content, videoCount }: MockInboxProps) {
  const { readable, blurred } = splitPreview(content);
  return (
    <article className="mock-inbox" aria-labelledby="mock-inbox-subject">
      <header className="mock-inbox-header">
        <h2 id="mock-inbox-subject" className="mock-inbox-subject">
          Your Weekly Content Summary is Ready
        </h2>
        <dl className="mock-inbox-meta">
          <div>
            <dt>From</dt>
            <dd>tubedigest</dd>
          </div>
          <div>
            <dt>To</dt>
            <dd>{email}</dd>
          </div>
        </dl>
      </header>
      <div className="mock-inbox-mail">
        <p className="mock-inbox-wordmark" aria-hidden="true">
          tube<span>digest</span>
        </p>
        <DigestContent markdown={readable} headingOffset={2} className="mock-inbox-body" />
        <div className="mock-inbox-locked">
          {blurred ? (
            <div className="mock-inbox-blurred" aria-hidden="true" inert>
              <DigestContent markdown={blurred} headingOffset={2} className="mock-inbox-body" />
            </div>
          ) : null}
          <div className="mock-inbox-unlock">
            <p className="mock-inbox-count">We analyzed {videoCount} videos this week</p>
            <p>
              <a href="#plans">Choose a plan</a> to get every summary in your inbox each Monday.
            </p>
          </div>
        </div>
      </div>
    </article>
  );
}
