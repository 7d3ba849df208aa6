import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import { Button, buttonClass } from "../components/button.tsx";
import { PageLoading } from "../components/page-loading.tsx";
import { SupportText } from "../components/support-text.tsx";
import { useToast } from "../components/toast.tsx";
import { ApiError, apiFetch } from "../lib/api.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import { planById, planOffer, usePlans } from "../lib/plans.ts";
import { readSelectedChannels, readUserEmail } from "../lib/session-state.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { type TrialStanding, useTrialStanding } from "../lib/use-trial-standing.ts";
import {
  type ActivatedSubscription,
  activateInTestMode,
  activatePaid,
  activationFailure,
  type CheckoutOrder,
} from "./checkout/activation.ts";
import type { PreparedCheckout } from "./checkout/card-payment.tsx";
import { CheckoutEmailForm } from "./checkout/checkout-email-form.tsx";
import { HasPlanAlready } from "./checkout/has-plan-already.tsx";
import { OrderSummary } from "./checkout/order-summary.tsx";
import { PaymentSetupIssue } from "./checkout/payment-setup-issue.tsx";
import { type CheckoutTerms, paymentTerms } from "./checkout/payment-terms.ts";
import { SignInToContinue } from "./checkout/sign-in-to-continue.tsx";
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
 * What a plan chosen here starts with, as the server says: billing's answer to this checkout, else the
 * signed-in reader's standing; a visitor (the landing page's fresh account) is in the free days.
 */
function termsOf(prepared: PreparedCheckout | null, standing: TrialStanding | undefined): CheckoutTerms {
  if (prepared) return { withTrial: prepared.confirm === "setup", firstChargeAt: prepared.trialEndsAt };
  if (standing) return { withTrial: standing.trialAvailable, firstChargeAt: standing.trialEndsAt };
  return { withTrial: true, firstChargeAt: null };
}

/**
 * /checkout/{plan} (docs/product.md#checkout): the order, what it charges today and when, the card form (or
 * test mode's skip), then the activated plan. A reader who has a plan already is sent to Settings to change
 * it. Back leads where the visitor came from: the preview, else home.
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
  const [prepared, setPrepared] = useState<PreparedCheckout | null>(null);
  // The address's account is not this browser's (billing's 401/404): its owner is mailed a sign-in link.
  const [needsSignIn, setNeedsSignIn] = useState(false);
  const onNeedsSignIn = useCallback(() => setNeedsSignIn(true), []);
  const onPrepared = useCallback((answer: PreparedCheckout) => setPrepared(answer), []);
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
      if (failure instanceof ApiError && [401, 404].includes(failure.status) && !user) {
        setNeedsSignIn(true);
        return;
      }
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

  // Back from a payment method that had to redirect: Stripe names the PaymentIntent (or SetupIntent) in the
  // address.
  useEffect(() => {
    const returned = new URLSearchParams(search);
    const paymentIntentId = returned.get("payment_intent");
    const setupIntentId = returned.get("setup_intent");
    if (!order || !(paymentIntentId || setupIntentId) || returnHandled.current) return;
    returnHandled.current = true;
    const confirmed = setupIntentId ? { setupIntentId } : { paymentIntentId: paymentIntentId ?? "" };
    if (returned.get("redirect_status") === "succeeded") void activate(() => activatePaid(order, confirmed));
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
  const planInForce = standing?.plan ? planById(plans, standing.plan) : undefined;
  const terms = termsOf(prepared, standing);

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
          {planInForce ? null : (
            <p className="checkout-terms">
              <strong>{planOffer(plans, plan, terms.withTrial)}. </strong>
              {paymentTerms(terms, plan)}
            </p>
          )}
          {error ? (
            <p className="checkout-error">
              <SupportText text={error} />
            </p>
          ) : null}
          {planInForce ? (
            <HasPlanAlready plan={planInForce} />
          ) : needsSignIn && email ? (
            <SignInToContinue email={email} planId={plan.id} planName={plan.name} />
          ) : !email ? (
            <CheckoutEmailForm
              onEmail={setTypedEmail}
              onTaken={(address) => {
                setTypedEmail(address);
                setNeedsSignIn(true);
              }}
            />
          ) : plans.stripePublishableKey ? (
            <Suspense fallback={<p className="checkout-initializing">Initializing Payment</p>}>
              <CardPayment
                publishableKey={plans.stripePublishableKey}
                plan={plan}
                email={email}
                onPrepared={onPrepared}
                onConfirmed={(confirmed) => activate(() => activatePaid(order, confirmed))}
                onCancel={() => navigate(back.href)}
                onError={setError}
                onNeedsSignIn={onNeedsSignIn}
              />
            </Suspense>
          ) : plans.testMode ? (
            <p>Card payments are not set up on this server. Test mode activates the plan without paying.</p>
          ) : (
            <PaymentSetupIssue />
          )}
          {plans.testMode && email && !planInForce && !needsSignIn ? (
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
