import { Link } from "wouter";
import { buttonClass } from "../../components/button.tsx";
import { Card } from "../../components/card.tsx";

/** SPEC §2: what /dashboard shows when nobody is signed in, even after the one automatic login. */
export function AuthRequired() {
  return (
    <section className="container dashboard-auth">
      <Card className="dashboard-auth-card">
        <h1>Authentication Required</h1>
        <p>Please log in to access your dashboard.</p>
        <Link className={buttonClass("primary")} href="/login">
          Sign In
        </Link>
      </Card>
    </section>
  );
}
