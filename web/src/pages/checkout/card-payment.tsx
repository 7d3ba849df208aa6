import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../components/button.tsx";
import { useToast } from "../../components/toast.tsx";
import { ApiError, apiFetch, serverMessage } from "../../lib/api.ts";
import { formatUsd } from "../../lib/money.ts";
import type { Plan } from "../../lib/plans.ts";
import { useApi } from "../../lib/use-api.ts";
import type { Confirmed } from "./activation.ts";
import { PaymentSetupIssue } from "./payment-setup-issue.tsx";
import { stripeFor } from "./stripe-loader.ts";

const PAYMENT_UNKNOWN = "Payment status unknown. Please contact support if you were charged.";

/**
 * What billing answers for a checkout (POST /api/create-payment-intent): a payment to confirm, or — a plan
 * chosen during the free days — a setup intent that saves the card, $0 today.
 */
export interface PreparedCheckout {
  clientSecret: string;
  confirm: "payment" | "setup";
  amountCents: number;
  trialEndsAt: string | null;
}

interface CardPaymentProps {
  publishableKey: string;
  plan: Plan;
  email: string | undefined;
  /** What the checkout charges today and when, once billing has said. */
  onPrepared: (prepared: PreparedCheckout) => void;
  /** Activates the plan for what Stripe confirmed; its failures are the page's to show. */
  onConfirmed: (confirmed: Confirmed) => Promise<void>;
  onCancel: () => void;
  onError: (message: string) => void;
  /** Billing says the address's account is not this browser's: the page mails its owner a sign-in link. */
  onNeedsSignIn: () => void;
}

/**
 * The card form (docs/product.md#checkout): billing's payment or setup intent for the plan, then Stripe's
 * Payment Element in Stripe's own frames, so card details never touch this app. Its own chunk: Stripe's
 * code loads only where a publishable key exists.
 */
export default function CardPayment({
  publishableKey,
  plan,
  email,
  onPrepared,
  onConfirmed,
  onCancel,
  onError,
  onNeedsSignIn,
}: CardPaymentProps) {
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    let current = true;
    stripeFor(publishableKey).then(
      (loaded) => current && setStripe(loaded),
      () => current && setStripe(null),
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);

  // SWR asks once per plan and e-mail, however often this renders (and once under StrictMode).
  const intent = useApi<PreparedCheckout>(["payment-intent", plan.id, email], () =>
    apiFetch("/api/create-payment-intent", { json: { amount: plan.priceCents, plan: plan.id, email } }),
  );
  const prepared = intent.data;
  useEffect(() => {
    if (prepared) onPrepared(prepared);
  }, [prepared, onPrepared]);

  // 401/404: the address's account is not this browser's, so its owner is mailed a sign-in link.
  const notTheirs = intent.error instanceof ApiError && [401, 404].includes(intent.error.status);
  useEffect(() => {
    if (notTheirs) onNeedsSignIn();
  }, [notTheirs, onNeedsSignIn]);
  if (notTheirs) return null;
  if (intent.error || stripe === null) return <PaymentSetupIssue message={serverMessage(intent.error)} />;
  if (!stripe || !prepared) return <p className="checkout-initializing">Initializing Payment</p>;

  return (
    <Elements
      stripe={stripe}
      options={{ clientSecret: prepared.clientSecret, appearance: { theme: "stripe" } }}
    >
      <PaymentForm
        plan={plan}
        prepared={prepared}
        onConfirmed={onConfirmed}
        onCancel={onCancel}
        onError={onError}
      />
    </Elements>
  );
}

function PaymentForm({
  plan,
  prepared,
  onConfirmed,
  onCancel,
  onError,
}: Pick<CardPaymentProps, "plan" | "onConfirmed" | "onCancel" | "onError"> & { prepared: PreparedCheckout }) {
  const stripe = useStripe();
  const elements = useElements();
  const toast = useToast();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);
  const saving = prepared.confirm === "setup";

  const confirm = async (): Promise<Confirmed | "failed" | undefined> => {
    if (!stripe || !elements) return undefined;
    // Cards finish here; a method that must redirect comes back to this page, which then activates.
    const options = {
      elements,
      redirect: "if_required" as const,
      confirmParams: { return_url: window.location.href },
    };
    if (saving) {
      const result = await stripe.confirmSetup(options);
      if (result.error) return failed(result.error.message);
      return result.setupIntent.status === "succeeded" ? { setupIntentId: result.setupIntent.id } : undefined;
    }
    const result = await stripe.confirmPayment(options);
    if (result.error) return failed(result.error.message);
    return result.paymentIntent.status === "succeeded"
      ? { paymentIntentId: result.paymentIntent.id }
      : undefined;
  };

  const failed = (message: string | undefined) => {
    toast({ title: "Payment Error", description: message ?? "An unknown error occurred", variant: "error" });
    return "failed" as const;
  };

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const confirmed = await confirm();
      if (confirmed === "failed") return;
      if (confirmed) await onConfirmed(confirmed);
      else onError(PAYMENT_UNKNOWN);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="checkout-card-form" onSubmit={pay}>
      {ready ? null : <p className="checkout-initializing">Initializing Payment</p>}
      <PaymentElement onReady={() => setReady(true)} />
      <div className="checkout-actions">
        <Button type="submit" disabled={!ready} busy={busy} busyLabel="Processing...">
          {saving ? `Save Card - ${formatUsd(0)} today` : `Pay ${plan.priceLabel}`}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
      <p className="checkout-secure">Secure payment processed by Stripe</p>
    </form>
  );
}
