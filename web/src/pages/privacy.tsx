import { Link } from "wouter";
import { PageLoading } from "../components/page-loading.tsx";
import { SupportEmailLink } from "../components/support-email-link.tsx";
import { useSite } from "../lib/site.ts";
import { usePageTitle } from "../lib/use-page-title.ts";

export default function PrivacyPage() {
  usePageTitle("Privacy Policy");
  const { site, error } = useSite();
  if (!site && !error) return <PageLoading />;
  return (
    <article className="container prose legal-page">
      <h1>Privacy Policy</h1>
      <p className="muted">What we keep about you, who else sees it, and how to make it go away.</p>

      {site ? (
        <>
          <h2>Who we are</h2>
          <p>
            tubedigest is run by {site.operatorName}, who is responsible for what it keeps about you. To ask
            about your data, write to <SupportEmailLink address={site.supportEmail} />.
          </p>
        </>
      ) : null}

      <h2>What we store</h2>
      <ul>
        <li>Your e-mail address, and your name if you give one.</li>
        <li>A hash of your password, never the password itself.</li>
        <li>Your time zone, so your digest arrives Monday morning where you are.</li>
        <li>The channels you follow and the newsletters we have sent you.</li>
        <li>Your plan, trial and payment status (not your card).</li>
        <li>A session cookie that keeps you signed in. We use no advertising or tracking cookies.</li>
      </ul>

      <h2>Payments: Stripe</h2>
      <p>
        Card details go straight to Stripe, our payment provider, and never reach our servers. We keep only
        what Stripe tells us about the payment (for example, that it succeeded).
      </p>

      <h2>Summaries: our AI provider</h2>
      <p>
        To write summaries we send the public transcripts of videos to a large language model provider. We do
        not send your e-mail address or anything else about you with them. One summary of a video is shared by
        everyone who follows its channel.
      </p>

      <h2>E-mail</h2>
      <p>
        We e-mail you your digests and messages about your account. Every digest has a link to stop receiving
        them.
      </p>

      <h2>Deleting your account</h2>
      <p>
        You can delete your account yourself, at any time: open <Link href="/settings">Settings</Link>, then
        the Account tab, and choose Delete Account. It takes effect at once:
      </p>
      <ul>
        <li>
          Your account, channels, newsletters, settings and the e-mails we sent you are erased from every part
          of tubedigest.
        </li>
        <li>
          Any paid plan is cancelled at once with Stripe, nothing more is charged, and your saved card is
          removed.
        </li>
        <li>
          We send one e-mail to confirm, then no more. So that none follows, we keep only a one-way hash of
          your address, never the address itself; if you sign up again with it, that goes too.
        </li>
      </ul>
      <p>
        What the law makes us keep: invoices of what you paid stay with Stripe, which issued them, for as long
        as tax law requires. We keep only the amounts and dates of those payments, with nothing that names
        you, so our accounts still add up. Summaries of public videos are shared by everyone and name nobody,
        so they stay.
      </p>

      <h2>Pausing instead</h2>
      <p>
        Away for a while? In Settings, under Account, you can pause your weekly digest until a date or until
        you resume it. Nothing is deleted.
      </p>

      <p>
        See also the <Link href="/terms">Terms of Service</Link>.
      </p>
    </article>
  );
}
