import { Link } from "wouter";
import { buttonClass } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { PageLoading } from "../components/page-loading.tsx";
import { type PlansReply, usePlans } from "../lib/plans.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { AlreadySubscribed } from "./subscribe/already-subscribed.tsx";
import { CompleteSubscription } from "./subscribe/complete-subscription.tsx";
import { useSignedInUser } from "./subscribe/use-signed-in-user.ts";
import { useSubscriptionChannels } from "./subscribe/use-subscription-channels.ts";
import "./subscribe/subscribe.css";

/** SPEC §2 /subscribe: sign in first; an active subscriber sees theirs, anyone else starts a trial. */
export default function SubscribePage() {
  const { user } = useSignedInUser();
  const { plans } = usePlans();
  const active = user?.subscriptionStatus === "active";
  usePageTitle(
    user === null
      ? "Authentication Required"
      : active
        ? "You're Already Subscribed"
        : "Complete Your Subscription",
  );

  if (user === null) {
    return (
      <section className="container subscribe">
        <Card className="subscribe-card">
          <h1>Authentication Required</h1>
          <p>Please log in to start your subscription.</p>
          <Link className={buttonClass("primary")} href="/login">
            Sign In
          </Link>
        </Card>
      </section>
    );
  }
  if (user === undefined || !plans) return <PageLoading />;
  return (
    <section className="container subscribe">
      {active ? <AlreadySubscribed user={user} plans={plans} /> : <ChannelsThenForm plans={plans} />}
    </section>
  );
}

/** The form once the channels it is for are known (the account's may need a request). */
function ChannelsThenForm({ plans }: { plans: PlansReply }) {
  const { titles } = useSubscriptionChannels();
  return titles ? <CompleteSubscription plans={plans} channelTitles={titles} /> : <PageLoading />;
}
