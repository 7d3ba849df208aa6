import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import { Button, buttonClass } from "../components/button.tsx";
import { PageLoading } from "../components/page-loading.tsx";
import { useToast } from "../components/toast.tsx";
import { apiFetch } from "../lib/api.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import { planById, trialThenPrice, usePlans } from "../lib/plans.ts";
import { readSelectedChannels, readUserEmail } from "../lib/session-state.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { useTrialStanding } from "../lib/use-trial-standing.ts";
import {
  type ActivatedSubscription,
  activateInTestMode,
  activatePaid,
  activationFailure,
  type CheckoutOrder,
} from "./checkout/activation.ts";
import { CheckoutEmailForm } from "./checkout/checkout-email-form.tsx";
import { OrderSummary } from "./checkout/order-summary.tsx";
import { PaymentSetupIssue } from "./checkout/payment-setup-issue.tsx";
import { paymentTerms } from "./checkout/payment-terms.ts";
import { SuccessView } from "./checkout/success-view.tsx";
import "./checkout/checkout.css";

const CardPayment = lazy(() => import("./checkout/card-payment.tsx"));

const PAYMENT_UNKNOWN = "Payment status unknown. Please contact support if you were charged.";

/** Whether this checkout was opened from the preview's plans (which say so in the history entry). */
function openedFromPreview(): boolean {
  const state: unknown = window.history.state;
  return typeof state === "object" && state !== null && "from" in state && state.from === "/preview";
}

/**
 * /checkout/{plan} (docs/product.md#checkout): the order, what paying does and when it charges, the card form
 * (or test mode's skip), then the activated plan. Back leads where the visitor came from: the preview, else
 * home.
 */
export default function CheckoutPage() {
  const params = useParams<{ plan?: string }>();
  const search = useSearch();
  const [, navigate] = useLocation();
  const toast = useToast();
  const { plans, error: plansError } = usePlans();
  const { user, isLoading: userLoading, mutate: refreshUser } = useCurrentUser();
  const [stored] = useState(() => ({ email: readUserEmail(), channels: readSelectedChannels() }));
  const [typedEmail, setTypedEmail] = useState<string | null>(null);
  const [back] = useState(() =>
    openedFromPreview()
      ? { href: "/preview", label: "← Back to your preview" }
      : { href: "/", label: "← Back to home" },
  );
  const standing = useTrialStanding(user);
  const [activated, setActivated] = useState<ActivatedSubscription | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [skipping, setSkipping] = useState(false);
  const returnHandled = useRef(false);

  const email = typedEmail ?? stored.email ?? user?.email ?? undefined;
  const requested = params.plan;
  const named = plans && requested ? planById(plans, requested) : undefined;
  // No plan in the address means the default (Premium); a name nobody sells gets it too, said plainly.
  const plan = named ?? (plans ? planById(plans, plans.defaultPlan) : undefined);
  const order: CheckoutOrder | undefined = plan && {
    email,
    plan: plan.id,
    channelCount: stored.channels.length || (user?.channelCount ?? 0),
  };

  usePageTitle(activated ? "Subscription Activated!" : "Checkout");

  const activate = async (run: () => Promise<ActivatedSubscription>) => {
    setError(null);
    try {
      setActivated(await run());
    } catch (failure) {
      const message = activationFailure(failure);
      setError(message);
      toast({ title: message, variant: "error" });
      return;
    }
    // A visitor holding the landing page's claim is signed in by it now, so the header knows them. The
    // header and the dashboard button read the new status; a failed refresh changes nothing paid.
    if (!user && email)
      await apiFetch("/api/auth/login-with-email", { json: { email } }).catch(() => undefined);
    refreshUser().catch(() => undefined);
  };

  // Back from a payment method that had to redirect: Stripe names the PaymentIntent in the address.
  useEffect(() => {
    const returned = new URLSearchParams(search);
    const paymentIntentId = returned.get("payment_intent");
    if (!order || !paymentIntentId || returnHandled.current) return;
    returnHandled.current = true;
    if (returned.get("redirect_status") === "succeeded")
      void activate(() => activatePaid(order, paymentIntentId));
    else setError(PAYMENT_UNKNOWN);
  });

  if (plansError) {
    return (
      <section className="container checkout">
        <h1>Checkout</h1>
        <PaymentSetupIssue />
      </section>
    );
  }
  // Waits for the reader's trial too, so what paying does is said once, not rewritten as it arrives.
  const standingDue = Boolean(user) && !standing;
  if (!plans || !plan || !order || (!stored.email && userLoading) || standingDue) return <PageLoading />;
  if (activated) return <SuccessView subscription={activated} plan={plan} email={email} />;

  const skip = async () => {
    setSkipping(true);
    await activate(() => activateInTestMode(order));
    setSkipping(false);
  };

  return (
    <section className="container checkout">
      <Link className={buttonClass("ghost", "checkout-back")} href={back.href}>
        {back.label}
      </Link>
      <h1>Checkout</h1>
      {requested && !named ? (
        <p className="checkout-note">
          We don't sell a plan called “{requested}”, so this is our {plan.name} plan.
        </p>
      ) : null}
      <div className="checkout-layout">
        <OrderSummary plan={plan} channelTitles={stored.channels.map((channel) => channel.snippet.title)} />
        <div className="card checkout-payment">
          <h2>Payment</h2>
          <p className="checkout-terms">
            {standing?.status === "active" || standing?.status === "expired" ? null : (
              <strong>{trialThenPrice(plans, plan)}. </strong>
            )}
            {paymentTerms(standing, plan)}
          </p>
          {error ? <p className="checkout-error">{error}</p> : null}
          {!email ? (
            <CheckoutEmailForm onEmail={setTypedEmail} />
          ) : plans.stripePublishableKey ? (
            <Suspense fallback={<p className="checkout-initializing">Initializing Payment</p>}>
              <CardPayment
                publishableKey={plans.stripePublishableKey}
                plan={plan}
                email={email}
                onPaid={(paymentIntentId) => activate(() => activatePaid(order, paymentIntentId))}
                onCancel={() => navigate(back.href)}
                onError={setError}
              />
            </Suspense>
          ) : plans.testMode ? (
            <p>Card payments are not set up on this server. Test mode activates the plan without paying.</p>
          ) : (
            <PaymentSetupIssue />
          )}
          {plans.testMode && email ? (
            <Button
              variant="secondary"
              className="checkout-test-skip"
              busy={skipping}
              busyLabel="Activating..."
              onClick={skip}
            >
              TEST MODE: Skip Payment (DEV ONLY)
            </Button>
          ) : null}
        </div>
      </div>
    </section>
  );
}
