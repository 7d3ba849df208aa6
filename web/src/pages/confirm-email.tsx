import { Link } from "wouter";
import { Button, buttonClass } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { PageLoading } from "../components/page-loading.tsx";
import { useCurrentUser } from "../lib/current-user.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { type EmailConfirmation, useEmailConfirmation } from "./confirm-email/use-email-confirmation.ts";
import "./confirm-email/confirm-email.css";

const TITLES: Record<EmailConfirmation["state"], string> = {
  checking: "Confirm Your New Address",
  confirming: "Confirm Your New Address",
  confirmed: "Email Address Changed",
  invalid: "Confirmation Link Not Valid",
  taken: "Address Not Changed",
};

/**
 * Where the link mailed to a new address lands (/confirm-email?token=…): it shows the address the
 * account would move to and makes the change on the person's click, then says so, or says why not
 * (used, expired, the address taken meanwhile) and where to go next.
 */
export default function ConfirmEmailPage() {
  const { result, confirm } = useEmailConfirmation();
  const { user } = useCurrentUser();
  usePageTitle(TITLES[result.state]);

  if (result.state === "checking") return <PageLoading label="Checking your confirmation link" />;
  const signedIn = Boolean(user);
  const onwards = (
    <Link className={buttonClass("primary")} href={signedIn ? "/settings" : "/login"}>
      {signedIn ? "Go to Settings" : "Sign In"}
    </Link>
  );
  return (
    <section className="container auth-page">
      <Card className="auth-card stack confirm-email-card">
        <h1 className="auth-title">{TITLES[result.state]}</h1>
        {result.state === "confirming" ? (
          <>
            <p>
              This link moves your tubedigest account to{" "}
              <strong className="link-account">{result.email}</strong>.
            </p>
            <p className="muted">
              Your digests and messages will go there, and you will sign in with it. Continue only if you
              asked for this change.
            </p>
            <Button
              className="button-block link-account"
              busy={result.busy}
              busyLabel="Changing your address..."
              onClick={confirm}
            >
              Change my address to {result.email}
            </Button>
          </>
        ) : result.state === "confirmed" ? (
          <>
            <p className="link-account">{result.message}</p>
            <p className="muted">Your digests and messages go there from now on, and you sign in with it.</p>
            {onwards}
          </>
        ) : (
          <>
            <p>{result.message}</p>
            <p className="muted">
              {result.state === "taken"
                ? "Your account keeps the address it had."
                : "A link works once, for a day. If you already followed it, your address has changed: sign in with the new one."}
            </p>
            {onwards}
          </>
        )}
      </Card>
    </section>
  );
}
