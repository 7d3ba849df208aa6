import { Link } from "wouter";
import { buttonClass } from "./button.tsx";
import { Card } from "./card.tsx";

/**
 * docs/product.md#screens-and-routes: what a signed-in-only screen (/dashboard, /settings, /subscribe) shows
 * when nobody is signed in, even after the one automatic login; `purpose` finishes "Please log in to …".
 */
export function AuthRequired({ purpose }: { purpose: string }) {
  return (
    <section className="container auth-page">
      <Card className="auth-card stack">
        <h1 className="auth-title">Authentication Required</h1>
        <p>Please log in to {purpose}.</p>
        <Link className={buttonClass("primary")} href="/login">
          Sign In
        </Link>
      </Card>
    </section>
  );
}
