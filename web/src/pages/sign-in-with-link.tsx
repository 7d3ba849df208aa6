import { Link } from "wouter";
import { buttonClass } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { PageLoading } from "../components/page-loading.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";
import { SetPasswordForm } from "./sign-in/set-password-form.tsx";
import { useLinkSignIn } from "./sign-in/use-link-sign-in.ts";

/** Where the e-mailed sign-in link lands (/sign-in/link?token=…): signs in, then offers a password. */
export default function SignInWithLinkPage() {
  const result = useLinkSignIn();
  usePageTitle(result.state === "failed" ? "Sign-In Link Not Valid" : "Signed In");

  if (result.state === "signing-in") return <PageLoading label="Signing you in" />;
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
        ) : (
          <>
            <h1 className="auth-title">You're Signed In</h1>
            <p className="muted">Signed in as {result.email}.</p>
            <Link className={buttonClass("primary")} href="/dashboard">
              Go to Your Dashboard
            </Link>
            <SetPasswordForm email={result.email} />
          </>
        )}
      </Card>
    </section>
  );
}
