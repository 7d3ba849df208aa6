import type { FormEvent } from "react";
import { useLocation } from "wouter";
import { Button } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { CHOOSE_YOUR_DAY, useDeliverySchedule } from "../../lib/delivery-phrase.ts";
import { formatDate } from "../../lib/format-date.ts";
import { formatUsd } from "../../lib/money.ts";
import { type PlansReply, planForChannelCount } from "../../lib/plans.ts";
import { writeCalculatedPrice, writeSelectedPlan } from "../../lib/session-state.ts";
import type { TrialStanding } from "../../lib/use-trial-standing.ts";

const NO_CHANNELS = "Please select at least one channel for your subscription";

/**
 * What a plan brings; the e-mail's day and hour are the reader's own once chosen ("every Friday at 18:00"),
 * else the choice with its default. Search, the feed and sharing are named as the dashboard, settings and
 * newsletter pages name them.
 */
const benefitsFor = (when: string) => [
  "AI summaries of each new video's key points",
  `One e-mail a week, ${when}`,
  "Organised by channel, with links to every video",
  "Search your newsletters, read them in a private feed, share a summary with a link",
  "Cancel anytime",
];

/**
 * 'Complete Your Subscription' (docs/product.md#subscribe): the plan the channel count needs, the channels,
 * the benefits and the form leading to checkout for that plan. A reader still in the free days starts the
 * plan with them ('Start Free Trial', $0 today, the card saved); one whose free days are over subscribes.
 */
export function CompleteSubscription({
  plans,
  channelTitles,
  standing,
}: {
  plans: PlansReply;
  channelTitles: string[];
  standing: TrialStanding;
}) {
  const [, navigate] = useLocation();
  const schedule = useDeliverySchedule();
  const when = schedule.chosen ? `every ${schedule.label} (the day and hour you chose)` : CHOOSE_YOUR_DAY;
  const count = channelTitles.length;
  const plan = planForChannelCount(plans, count);
  const numbered = channelTitles.map((title, index) => ({ title, number: index + 1 }));
  if (!plan) return null;

  const withTrial = standing.trialAvailable;
  const start = (event: FormEvent) => {
    event.preventDefault();
    if (count === 0) return;
    writeSelectedPlan(plan.id);
    writeCalculatedPrice(plan.price);
    navigate(`/checkout/${plan.id}`);
  };

  return (
    <Card className="subscribe-card">
      <h1>Complete Your Subscription</h1>
      <p className="subscribe-tier">
        Your plan: <strong>{plan.name}</strong> — {plan.description}
      </p>
      <h2>Your channels</h2>
      {count > 0 ? (
        <ol className="subscribe-channels">
          {numbered.map(({ title, number }) => (
            <li key={number}>
              <span className="subscribe-channel-number">Channel #{number}</span> {title}
            </li>
          ))}
        </ol>
      ) : (
        <p>No channels chosen yet.</p>
      )}
      <h2>What you get</h2>
      <ul className="subscribe-benefits">
        {benefitsFor(when).map((benefit) => (
          <li key={benefit}>{benefit}</li>
        ))}
      </ul>
      <form className="subscribe-form" onSubmit={start} aria-labelledby="subscribe-form-title">
        <p id="subscribe-form-title" className="subscribe-line">
          <span>Weekly Newsletter ({count} channels)</span>
          <span>{plan.priceLabel}/month</span>
        </p>
        <p className="subscribe-note">
          {withTrial
            ? `Includes your free trial${standing.trialEndsAt ? `, until ${formatDate(standing.trialEndsAt)}` : ""}: ${formatUsd(0)} today, your card saved for ${plan.priceLabel}/month after it. Cancel before it ends and nothing is charged.`
            : `Your free trial has ended. ${plan.priceLabel} a month from the day you pay; cancel anytime.`}
        </p>
        {count === 0 ? (
          <p className="subscribe-error" id="subscribe-no-channels">
            {NO_CHANNELS}
          </p>
        ) : null}
        <Button
          type="submit"
          disabled={count === 0}
          aria-describedby={count === 0 ? "subscribe-no-channels" : undefined}
        >
          {withTrial
            ? `Start Free Trial - ${plan.priceLabel}/month after trial`
            : `Subscribe - ${plan.priceLabel}/month`}
        </Button>
      </form>
    </Card>
  );
}
