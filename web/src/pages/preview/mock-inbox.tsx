import { readDigestMarkdown } from "@tubedigest/contracts/digest";
import { DigestView } from "../../components/digest-view.tsx";
import { splitPreview } from "./split-preview.ts";

interface MockInboxProps {
  email: string;
  /** The digest's subject line, as the e-mail would carry it. */
  subject: string;
  content: string;
  videoCount: number;
  /** When the digest would come: "every Monday at 9:00 AM", or the reader's own day and hour. */
  when: string;
}

/**
 * The preview as it would arrive: an opened e-mail, announced as 'Your Weekly Content Summary is Ready'
 * (the SPEC's words) and carrying the digest's own subject line, its body drawn by
 * the same view as the archive (the e-mail's header, channel cards, key points), its lower part blurred
 * behind 'We analyzed N videos this week'. The blurred copy is inert and hidden from assistive technology:
 * it is a picture of what a plan unlocks, not content to read.
 */
export function MockInbox({ email, subject, content, videoCount, when }: MockInboxProps) {
  const { readable, blurred, continued } = splitPreview(readDigestMarkdown(content));
  return (
    <article className="mock-inbox" aria-labelledby="mock-inbox-title">
      <header className="mock-inbox-header">
        <h2 id="mock-inbox-title" className="mock-inbox-subject">
          Your Weekly Content Summary is Ready
        </h2>
        <dl className="mock-inbox-meta">
          <div>
            <dt>Subject</dt>
            <dd id="mock-inbox-subject">{subject}</dd>
          </div>
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
        <DigestView digest={readable} headingLevel={3} />
        <div className="mock-inbox-locked">
          {blurred.channels.length > 0 ? (
            <div className="mock-inbox-blurred" aria-hidden="true" inert>
              <DigestView digest={blurred} headingLevel={3} header={false} continued={continued} />
            </div>
          ) : null}
          <div className="mock-inbox-unlock">
            <p className="mock-inbox-count">We analyzed {videoCount} videos this week</p>
            <p>
              <a href="#plans">Choose a plan</a> to get every summary in your inbox {when}.
            </p>
          </div>
        </div>
      </div>
    </article>
  );
}
