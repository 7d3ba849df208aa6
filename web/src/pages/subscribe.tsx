import { AuthRequired } from "../components/auth-required.tsx";
import { PageLoading } from "../components/page-loading.tsx";
import { useAutoLogin } from "../lib/auto-login.ts";
import { type PlansReply, usePlans } from "../lib/plans.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { type TrialStanding, useTrialStanding } from "../lib/use-trial-standing.ts";
import { AlreadySubscribed } from "./subscribe/already-subscribed.tsx";
import { CompleteSubscription } from "./subscribe/complete-subscription.tsx";
import { useSubscriptionChannels } from "./subscribe/use-subscription-channels.ts";
import "./subscribe/subscribe.css";

/**
 * /subscribe (docs/product.md#subscribe): sign in first; a reader with a plan (paid, or chosen during the
 * trial) sees theirs, anyone else chooses the plan.
 */
export default function SubscribePage() {
  const { user } = useAutoLogin();
  const { plans } = usePlans();
  const standing = useTrialStanding(user);
  const active = Boolean(user?.subscriptionPlan);
  usePageTitle(
    user === null
      ? "Authentication Required"
      : active
        ? "You're Already Subscribed"
        : "Complete Your Subscription",
  );

  if (user === null) return <AuthRequired purpose="start your subscription" />;
  if (user === undefined || !plans) return <PageLoading />;
  return (
    <section className="container subscribe">
      {active ? (
        <AlreadySubscribed user={user} plans={plans} />
      ) : (
        <ChannelsThenForm plans={plans} standing={standing} />
      )}
    </section>
  );
}

/** The form once the channels it is for and the reader's trial are known (each may need a request). */
function ChannelsThenForm({ plans, standing }: { plans: PlansReply; standing: TrialStanding | undefined }) {
  const { titles } = useSubscriptionChannels();
  return titles && standing ? (
    <CompleteSubscription plans={plans} channelTitles={titles} standing={standing} />
  ) : (
    <PageLoading />
  );
}
