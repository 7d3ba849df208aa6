import { lazy, Suspense, useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { Card } from "../components/card.tsx";
import { StartPreview } from "../components/start-preview.tsx";
import { answerChannelSearchRequests, FIND_CHANNEL_ID } from "../lib/channel-search-focus.ts";
import { CHOOSE_YOUR_DAY, useDeliverySchedule } from "../lib/delivery-phrase.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { useSeen } from "../lib/use-seen.ts";
import { HowItWorks } from "./landing/how-it-works.tsx";
import { LandingFaq } from "./landing/landing-faq.tsx";
import "./landing/landing.css";

// Below the fold, and each needs data: chunks of their own, fetched while the page shows, so what the
// first screen needs stays small. The sample also renders a whole digest, the page's costliest work, so it
// is made only once the visitor scrolls to it (docs/performance.md).
const SampleEmail = lazy(() => import("./landing/sample-email.tsx"));
const PricingTable = lazy(() => import("./landing/pricing-table.tsx"));

/**
 * The landing page (docs/product.md#landing-page): the hero and the channel search with its one primary
 * action; below them what arrives (a real digest), how it works, the plans and the questions people ask
 * before they pick one.
 */
export default function LandingPage() {
  usePageTitle("");
  const [, navigate] = useLocation();
  useEffect(() => answerChannelSearchRequests(), []);
  const sampleSpace = useRef<HTMLDivElement>(null);
  const sampleSeen = useSeen(sampleSpace);
  // A signed-in reader who chose their day and hour reads theirs; everyone else, that they choose.
  const schedule = useDeliverySchedule();

  return (
    <>
      <section className="hero container">
        <h1>Make an email Newsletter out of your favorite YouTube Channels</h1>
        <p className="hero-lead">
          Pick a channel you love.{" "}
          {schedule.chosen ? `Every ${schedule.label}` : `Once a week, ${CHOOSE_YOUR_DAY}`}, a short e-mail
          brings you the key points of its new videos, each linked to the moment it is said — so you keep up
          without watching everything.
        </p>
      </section>
      <section
        id={FIND_CHANNEL_ID}
        className="container landing-search"
        aria-labelledby="landing-search-title"
      >
        <Card className="landing-card">
          <h2 id="landing-search-title" className="section-title">
            Find your channel
          </h2>
          <StartPreview onStarted={() => navigate("/preview")} />
        </Card>
      </section>

      <section className="container landing-section" aria-labelledby="sample-title">
        <h2 id="sample-title" className="landing-title">
          {schedule.chosen
            ? `What arrives every ${schedule.weekday}`
            : "What arrives each week, on the day you choose"}
        </h2>
        <p className="landing-lead">A real digest from this week, exactly as its readers get it.</p>
        {sampleSeen ? (
          <Suspense fallback={<div className="landing-sample-waiting skeleton" aria-hidden="true" />}>
            <SampleEmail />
          </Suspense>
        ) : (
          <div className="landing-sample-waiting skeleton" aria-hidden="true" ref={sampleSpace} />
        )}
      </section>

      <HowItWorks />

      <section className="container landing-section" aria-labelledby="pricing-title">
        <h2 id="pricing-title" className="landing-title">
          Plans
        </h2>
        <p className="landing-lead">No card needed for the free days. Cancel anytime.</p>
        <Suspense fallback={<div className="landing-pricing-waiting" aria-hidden="true" />}>
          <PricingTable />
        </Suspense>
      </section>

      <LandingFaq />
    </>
  );
}
