import { Link } from "wouter";
import { PageLoading } from "../components/page-loading.tsx";
import { SupportEmailLink } from "../components/support-email-link.tsx";
import { useSite } from "../lib/site.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

/** /terms: who runs the service, what it gives, what it costs and what is refunded, in plain language. */
export default function TermsPage() {
  usePageTitle("Terms of Service");
  const { site, error } = useSite();
  if (!site && !error) return <PageLoading />;
  return (
    <article className="container prose legal-page">
      <h1>Terms of Service</h1>
      <p className="muted">The short version, in plain language.</p>

      {site ? (
        <>
          <h2>Who we are</h2>
          <p>
            tubedigest is run by {site.operatorName} (“we”). These terms are between you and us. Questions
            about them, your account or a payment: write to <SupportEmailLink address={site.supportEmail} />.
          </p>
        </>
      ) : null}

      <h2>What you get</h2>
      <p>
        tubedigest e-mails you a weekly digest, every Monday at 9:00 AM in your time zone (or the day and hour
        you choose in settings), with AI-written summaries of the new videos on the channels you follow.
        Summaries are generated automatically and can miss or misstate things; the video itself is always the
        source.
      </p>
      <p>
        Every newsletter we send you stays in your dashboard, where you can search your newsletters. You can
        also read them in a feed reader through a private feed (anyone with its address can read it, so keep
        it to yourself), and share a single summary with a link: anyone with that link can read that summary
        until you stop sharing it.
      </p>

      <h2>Trial and payment</h2>
      <p>
        Every account gets 7 days free, with no card. To keep your digest after that, choose a monthly plan
        (prices are shown before you pay): chosen during the free days, it saves your card and charges nothing
        until they end. Payments are handled by Stripe. Nothing is deleted when a trial or plan ends.
      </p>

      <h2>Cancelling and refunds</h2>
      <ul>
        <li>
          You can cancel a plan any time. It keeps working until the end of the period you paid for, and is
          not charged again.
        </li>
        <li>A plan is not refunded for a part month.</li>
        <li>A single summary that is not delivered is never charged.</li>
      </ul>

      <h2>Single-video summaries</h2>
      <p>
        A summary of one video is charged by its length, shown before you buy. Videos over 4 hours cannot be
        summarised.
      </p>

      <h2>Fair use</h2>
      <p>
        Use the service for yourself. Don't try to get around plan limits, overload it, or use it to break the
        law or the video platform's rules. We may suspend accounts that do.
      </p>

      <h2>Your data</h2>
      <p>
        What we keep and why is on the <Link href="/privacy">Privacy Policy</Link> page, including how to have
        your account deleted.
      </p>
    </article>
  );
}
