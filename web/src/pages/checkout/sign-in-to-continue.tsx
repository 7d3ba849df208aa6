import { useEffect, useState } from "react";
import { Link } from "wouter";
import { buttonClass } from "../../components/button.tsx";
import { apiFetch } from "../../lib/api.ts";
import { rememberResumeAfterSignIn } from "../../lib/session-state.ts";

/**
 * A checkout for an address whose account this browser does not hold (a returning customer signed out,
 * say): never "we could not find your account", but a sign-in link mailed to the address, and checkout
 * goes on with the same plan once it is followed in this browser (sign-in-with-link reads where to).
 */
export function SignInToContinue({
  email,
  planId,
  planName,
}: {
  email: string;
  planId: string;
  planName: string;
}) {
  const [sent, setSent] = useState<"sending" | "sent" | "failed">("sending");
  useEffect(() => {
    rememberResumeAfterSignIn(`/checkout/${planId}`);
    apiFetch("/api/auth/sign-in-link", { json: { email } })
      .then(() => setSent("sent"))
      .catch(() => setSent("failed"));
  }, [email, planId]);

  return (
    <div className="checkout-sign-in stack" role="status">
      <h2>Check your inbox</h2>
      {sent === "failed" ? (
        <p>
          We could not send a sign-in link to <strong className="link-account">{email}</strong> just now.
          Please sign in to continue.
        </p>
      ) : (
        <p>
          This address needs its account's owner to go on: we {sent === "sending" ? "are sending" : "sent"} a
          sign-in link to <strong className="link-account">{email}</strong>. Follow it in this browser, and
          checkout continues with your {planName} plan.
        </p>
      )}
      <p className="muted">
        Have a password? <Link href="/login">Sign in</Link> instead, then choose the plan again.
      </p>
      {sent === "failed" ? (
        <Link className={buttonClass("primary")} href="/login">
          Sign In
        </Link>
      ) : null}
    </div>
  );
}
