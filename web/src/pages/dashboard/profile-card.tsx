import { Link } from "wouter";
import { buttonClass } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";
import { EmailDeliveryOff } from "../../components/email-delivery-off.tsx";
import type { CurrentUser } from "../../lib/current-user.ts";
import { useEmailDelivery } from "../../lib/email-delivery.ts";

/**
 * 'Premium Plan' for an active subscription (docs/product.md#dashboard), 'Free Trial, then Premium Plan' for
 * a plan chosen during the trial; anything else reads as the free trial.
 */
export function subscriptionLabel(user: CurrentUser): string {
  const plan = user.subscriptionPlan?.trim();
  if (!plan || !["active", "trial"].includes(user.subscriptionStatus ?? "")) return "Free Trial";
  const named = `${plan.charAt(0).toUpperCase()}${plan.slice(1)} Plan`;
  return user.subscriptionStatus === "trial" ? `Free Trial, then ${named}` : named;
}

/** The dashboard's left card: who is signed in, on which plan, and where to change that. */
export function ProfileCard({ user }: { user: CurrentUser }) {
  // A plan chosen during the trial is a plan: nothing more to subscribe to.
  const hasPlan = Boolean(user.subscriptionPlan);
  const { delivery, turnBackOn } = useEmailDelivery();
  return (
    <Card className="dashboard-profile">
      <h2 className="dashboard-card-title">Your Account</h2>
      <dl className="dashboard-profile-facts">
        <div>
          <dt>Email</dt>
          <dd>{user.email}</dd>
        </div>
        <div>
          <dt>Subscription</dt>
          <dd>{subscriptionLabel(user)}</dd>
        </div>
      </dl>
      {delivery && !delivery.on ? <EmailDeliveryOff delivery={delivery} turnBackOn={turnBackOn} /> : null}
      <div className="dashboard-profile-actions">
        {hasPlan ? null : (
          <Link className={buttonClass("primary", "button-block")} href="/subscribe">
            Subscribe Now
          </Link>
        )}
        <Link className={buttonClass("secondary", "button-block")} href="/settings">
          Account Settings
        </Link>
      </div>
    </Card>
  );
}
