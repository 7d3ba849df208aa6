import { Link } from "wouter";
import { Button, buttonClass } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { PageLoading } from "../components/page-loading.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";
import { SetPasswordForm } from "./sign-in/set-password-form.tsx";
import { type LinkSignIn, useLinkSignIn } from "./sign-in/use-link-sign-in.ts";

const TITLES: Record<LinkSignIn["state"], string> = {
  checking: "Confirm Sign-In",
  confirming: "Confirm Sign-In",
  "signed-in": "Signed In",
  failed: "Sign-In Link Not Valid",
};

/**
 * Where the e-mailed sign-in link lands (/sign-in/link?token=…): says whose account the link signs into
 * and signs in only when the person confirms, then offers a password.
 */
export default function SignInWithLinkPage() {
  const { result, signIn } = useLinkSignIn();
  usePageTitle(TITLES[result.state]);

  if (result.state === "checking") return <PageLoading label="Checking your sign-in link" />;
  return (
    <section className="container auth-page">
      <Card className="auth-card stack">
        {result.state === "failed" ? (
          <>
            <h1 className="auth-title">Sign-In Link Not Valid</h1>
            <p>{result.message}</p>
            <Link className={buttonClass("primary")} href="/sign-in-link">
              Email me a new link
            </Link>
            <p className="auth-switch">
              Have a password? <Link href="/login">Sign in</Link>
            </p>
          </>
        ) : result.state === "confirming" ? (
          <>
            <h1 className="auth-title">Confirm Sign-In</h1>
            <p>
              This link signs you in as <strong className="link-account">{result.email}</strong>.
            </p>
            <p className="notice">
              Continue only if this is your address and you asked for this link. If someone else sent it to
              you, close this page: it would sign you in to their account, and what you do there would be
              theirs to see.
            </p>
            <Button
              className="button-block link-account"
              busy={result.busy}
              busyLabel="Signing in..."
              onClick={signIn}
            >
              Sign in as {result.email}
            </Button>
            <p className="auth-switch">
              Not your address? <Link href="/sign-in-link">Email me my own link</Link>
            </p>
          </>
        ) : (
          <>
            <h1 className="auth-title">You're Signed In</h1>
            <p className="muted">Signed in as {result.email}.</p>
            {result.next?.startsWith("/checkout/") ? (
              <Link className={buttonClass("primary")} href={result.next}>
                Continue to Checkout
              </Link>
            ) : null}
            <Link
              className={buttonClass(result.next?.startsWith("/checkout/") ? "secondary" : "primary")}
              href="/dashboard"
            >
              Go to Your Dashboard
            </Link>
            <SetPasswordForm email={result.email} />
          </>
        )}
      </Card>
    </section>
  );
}
