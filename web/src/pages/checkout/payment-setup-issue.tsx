import { Link } from "wouter";
import { Button, buttonClass } from "../../components/button.tsx";
import { SupportText } from "../../components/support-text.tsx";

const FALLBACK = "Unable to initialize the payment system. Please try again later.";

/**
 * 'Payment Setup Issue' (docs/product.md#error-messages): no card form could be prepared; the server's reason
 * when it gave one. Where the reason is that only the account's signed-in owner may do this (a plan already
 * paid for, or a checkout opened in another browser), the way to sign in is offered beside the way back.
 */
export function PaymentSetupIssue({
  message,
  offerSignIn = false,
}: {
  message?: string | undefined;
  offerSignIn?: boolean;
}) {
  const goBack = () => {
    if (window.history.length > 1) window.history.back();
    else window.location.assign("/");
  };
  return (
    <div className="checkout-setup-issue" role="alert">
      <h2>Payment Setup Issue</h2>
      <p>
        <SupportText text={message ?? FALLBACK} />
      </p>
      <div className="checkout-actions">
        {offerSignIn ? (
          <Link className={buttonClass("primary")} href="/login">
            Sign In
          </Link>
        ) : null}
        <Button variant="secondary" onClick={goBack}>
          Go Back
        </Button>
      </div>
    </div>
  );
}
