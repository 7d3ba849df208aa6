import { Button } from "../../components/button.tsx";

const FALLBACK = "Unable to initialize the payment system. Please try again later.";

/** SPEC §2/§8 'Payment Setup Issue': no card form could be prepared; the server's reason when it gave one. */
export function PaymentSetupIssue({ message }: { message?: string | undefined }) {
  const goBack = () => {
    if (window.history.length > 1) window.history.back();
    else window.location.assign("/");
  };
  return (
    <div className="checkout-setup-issue" role="alert">
      <h2>Payment Setup Issue</h2>
      <p>{message ?? FALLBACK}</p>
      <Button variant="secondary" onClick={goBack}>
        Go Back
      </Button>
    </div>
  );
}
