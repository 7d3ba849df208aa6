import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { type FormEvent, useEffect, useState } from "react";
import { Button } from "../../components/button.tsx";
import { useToast } from "../../components/toast.tsx";
import { ApiError, apiFetch, serverMessage } from "../../lib/api.ts";
import type { Plan } from "../../lib/plans.ts";
import { useApi } from "../../lib/use-api.ts";
import { PaymentSetupIssue } from "./payment-setup-issue.tsx";
import { stripeFor } from "./stripe-loader.ts";

const PAYMENT_UNKNOWN = "Payment status unknown. Please contact support if you were charged.";

interface CardPaymentProps {
  publishableKey: string;
  plan: Plan;
  email: string | undefined;
  /** Activates the plan for a payment Stripe says succeeded; its failures are the page's to show. */
  onPaid: (paymentIntentId: string) => Promise<void>;
  onCancel: () => void;
  onError: (message: string) => void;
}

/**
 * The card form (docs/product.md#checkout): a PaymentIntent for the plan's price from billing, then Stripe's
 * Payment Element in Stripe's own frames, so card details never touch this app. Its own chunk: Stripe's
 * code loads only where a publishable key exists.
 */
export default function CardPayment({
  publishableKey,
  plan,
  email,
  onPaid,
  onCancel,
  onError,
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
  const intent = useApi<{ clientSecret: string | null }>(["payment-intent", plan.id, email], () =>
    apiFetch("/api/create-payment-intent", { json: { amount: plan.priceCents, plan: plan.id, email } }),
  );

  const clientSecret = intent.data?.clientSecret;
  if (intent.error || stripe === null || (intent.data && !clientSecret)) {
    // 401: the plan in force changes only for its signed-in owner; 404: this browser holds no claim on the account.
    const forOwnerOnly = intent.error instanceof ApiError && [401, 404].includes(intent.error.status);
    return <PaymentSetupIssue message={serverMessage(intent.error)} offerSignIn={forOwnerOnly} />;
  }
  if (!stripe || !clientSecret) return <p className="checkout-initializing">Initializing Payment</p>;

  return (
    <Elements stripe={stripe} options={{ clientSecret, appearance: { theme: "stripe" } }}>
      <PaymentForm plan={plan} onPaid={onPaid} onCancel={onCancel} onError={onError} />
    </Elements>
  );
}

function PaymentForm({
  plan,
  onPaid,
  onCancel,
  onError,
}: Omit<CardPaymentProps, "publishableKey" | "email">) {
  const stripe = useStripe();
  const elements = useElements();
  const toast = useToast();
  const [ready, setReady] = useState(false);
  const [busy, setBusy] = useState(false);

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    try {
      const result = await stripe.confirmPayment({
        elements,
        // Cards finish here; a method that must redirect comes back to this page, which then activates.
        redirect: "if_required",
        confirmParams: { return_url: window.location.href },
      });
      if (result.error) {
        toast({
          title: "Payment Error",
          description: result.error.message ?? "An unknown error occurred",
          variant: "error",
        });
      } else if (result.paymentIntent.status === "succeeded") {
        await onPaid(result.paymentIntent.id);
      } else {
        onError(PAYMENT_UNKNOWN);
      }
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
          Pay {plan.priceLabel}
        </Button>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
      <p className="checkout-secure">Secure payment processed by Stripe</p>
    </form>
  );
}
