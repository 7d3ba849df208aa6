import { Link } from "wouter";
import { useDeliverySchedule } from "../../lib/delivery-phrase.ts";

/**
 * What visitors ask before they pick a plan, answered once here. No prices or numbers of its own: the
 * plans above carry those, from the server.
 */
export function LandingFaq() {
  const schedule = useDeliverySchedule();
  return (
    <section className="container landing-section" aria-labelledby="faq-title">
      <h2 id="faq-title" className="landing-title">
        Questions
      </h2>
      <div className="faq">
        <details>
          <summary>What does a summary contain?</summary>
          <p>
            The key points of each new video, three to five, each linked to the moment in the video where it
            is said, and a short paragraph on the whole. A video without captions is summarised from its title
            and description, and says so.
          </p>
        </details>
        <details>
          <summary>When does it arrive?</summary>
          <p>
            {schedule.chosen
              ? `Every ${schedule.label} in your time zone, the day and hour you chose in your settings`
              : "Once a week, on the day and hour you choose in your settings (Monday at 09:00 in your time zone until you change them)"}
            , with the videos your channels published since the last one; the first within a week of signing
            up. A week in which none of your channels published anything sends nothing.
          </p>
        </details>
        <details>
          <summary>Which channels can I follow?</summary>
          <p>
            Any public YouTube channel: search for it by name, or paste its @handle or its address. How many
            you follow depends on your plan, and you can change them any time in your dashboard. Shorts and
            live streams are left out.
          </p>
        </details>
        <details>
          <summary>Can I cancel anytime?</summary>
          <p>
            Yes, in your settings. You keep your plan until the end of the month you paid for and are not
            charged again.
          </p>
        </details>
        <details>
          <summary>What happens after the free trial?</summary>
          <p>
            Your free days start when you sign up, with no card. A couple of days before they end we e-mail
            you. Choose a plan and your digests keep coming; choose none and they stop. Nothing is deleted:
            your channels and past digests stay in your dashboard, and you can subscribe later.
          </p>
        </details>
        <details>
          <summary>What do you do with my data?</summary>
          <p>
            We keep your e-mail address, your time zone, the channels you follow and the digests we sent you.
            Cards go straight to Stripe and never reach us. Summaries are written from the videos' public
            captions; nothing about you is sent with them. Read the{" "}
            <Link href="/privacy">privacy policy</Link>.
          </p>
        </details>
      </div>
    </section>
  );
}
