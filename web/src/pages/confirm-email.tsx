import { Link } from "wouter";
import { buttonClass } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { PageLoading } from "../components/page-loading.tsx";
import { useCurrentUser } from "../lib/current-user.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { type EmailConfirmation, useEmailConfirmation } from "./confirm-email/use-email-confirmation.ts";
import "./confirm-email/confirm-email.css";

const TITLES: Record<EmailConfirmation["state"], string> = {
  confirming: "Confirming Your Address",
  confirmed: "Email Address Changed",
  invalid: "Confirmation Link Not Valid",
  taken: "Address Not Changed",
};

/**
 * Where the link mailed to a new address lands (/confirm-email?token=…): it makes the change and says so,
 * or says why not (used, expired, the address taken meanwhile) and where to go next.
 */
export default function ConfirmEmailPage() {
  const result = useEmailConfirmation();
  const { user } = useCurrentUser();
  usePageTitle(TITLES[result.state]);

  if (result.state === "confirming") return <PageLoading label="Confirming your new address" />;
  const signedIn = Boolean(user);
  return (
    <section className="container auth-page">
      <Card className="auth-card stack confirm-email-card">
        <h1 className="auth-title">{TITLES[result.state]}</h1>
        {result.state === "confirmed" ? (
          <>
            <p className="link-account">{result.message}</p>
            <p className="muted">Your digests and messages go there from now on, and you sign in with it.</p>
            <Link className={buttonClass("primary")} href={signedIn ? "/settings" : "/login"}>
              {signedIn ? "Go to Settings" : "Sign In"}
            </Link>
          </>
        ) : (
          <>
            <p>{result.message}</p>
            <p className="muted">
              {result.state === "taken"
                ? "Your account keeps the address it had."
                : "A link works once, for a day. If you already followed it, your address has changed: sign in with the new one."}
            </p>
            <Link className={buttonClass("primary")} href={signedIn ? "/settings" : "/login"}>
              {signedIn ? "Go to Settings" : "Sign In"}
            </Link>
          </>
        )}
      </Card>
    </section>
  );
}
