import { Button } from "../../components/button.tsx";
import { SupportText } from "../../components/support-text.tsx";

const FALLBACK = "Unable to initialize the payment system. Please try again later.";

/**
 * 'Payment Setup Issue' (docs/product.md#error-messages): no card form could be prepared; the server's reason
 * when it gave one. (A checkout for an account this browser does not hold mails a sign-in link instead:
 * sign-in-to-continue.tsx.)
 */
export function PaymentSetupIssue({ message }: { message?: string | undefined }) {
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
        <Button variant="secondary" onClick={goBack}>
          Go Back
        </Button>
      </div>
    </div>
  );
}
