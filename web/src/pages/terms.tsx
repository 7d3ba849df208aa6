import { Link } from "wouter";
import { usePageTitle } from "../lib/use-page-title.ts";

export default function TermsPage() {
  usePageTitle("Terms of Service");
  return (
    <article className="container prose legal-page">
      <h1>Terms of Service</h1>
      <p className="muted">The short version, in plain language.</p>

      <h2>What you get</h2>
      <p>
        tubedigest e-mails you a weekly digest, every Monday at 9:00 AM in your time zone, with AI-written
        summaries of the new videos on the channels you follow. Summaries are generated automatically and can
        miss or misstate things; the video itself is always the source.
      </p>

      <h2>Trial and payment</h2>
      <p>
        Every account gets 7 days free, with no card. After that, digests continue on a paid monthly plan
        (prices are shown before you pay). Payments are handled by Stripe. You can cancel any time; access
        continues until the end of the period you paid for, and nothing is deleted when a trial or plan ends.
      </p>

      <h2>Single-video summaries</h2>
      <p>
        A summary of one video is charged by its length, shown before you buy. Videos over 4 hours cannot be
        summarised. If a summary cannot be made, you are not charged for it.
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
