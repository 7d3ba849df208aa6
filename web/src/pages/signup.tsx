import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { EmailField, TextField } from "../components/field.tsx";
import { GoogleButton } from "../components/google-button.tsx";
import { OrDivider } from "../components/or-divider.tsx";
import { useToast } from "../components/toast.tsx";
import { apiFetch, serverMessage } from "../lib/api.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import {
  clearFunnelExceptEmail,
  readCalculatedPrice,
  readSelectedChannels,
  readSelectedPlan,
  readUserEmail,
  writeUserEmail,
} from "../lib/session-state.ts";
import { browserTimeZone } from "../lib/time-zone.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { INVALID_EMAIL_MESSAGE, isValidEmail } from "../lib/validation.ts";
import { finishSignup } from "./signup/finish-signup.ts";
import { SelectedPlanBox } from "./signup/selected-plan-box.tsx";

const MIN_PASSWORD_LENGTH = 8;

interface Problems {
  email?: string;
  password?: string;
}

/** The sign-up checks (docs/product.md#validation). */
function problemsWith(email: string, password: string): Problems {
  return {
    email: isValidEmail(email) ? undefined : INVALID_EMAIL_MESSAGE,
    password: password.length >= MIN_PASSWORD_LENGTH ? undefined : "Password must be at least 8 characters",
  };
}

export default function SignupPage() {
  usePageTitle("Create Your Account");
  const toast = useToast();
  const [, navigate] = useLocation();
  const { mutate } = useCurrentUser();
  // What the funnel kept, read once when the screen opens.
  const [kept] = useState(() => ({
    channels: readSelectedChannels(),
    plan: readSelectedPlan(),
    price: readCalculatedPrice(),
  }));
  const [email, setEmail] = useState(() => readUserEmail() ?? "");
  const [password, setPassword] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsWith(email, password);
    setProblems(found);
    if (found.email || found.password) return;
    setBusy(true);
    const address = email.trim();
    try {
      const reply = await apiFetch<{ email?: string; message?: string }>("/api/auth/register", {
        json: { email: address, password, timeZone: browserTimeZone() },
      });
      // An address that already has a password gets a sign-in link instead of a session.
      if (reply.email === undefined) {
        setBusy(false);
        toast({ title: "Check your email", description: reply.message, variant: "info" });
        return;
      }
    } catch (error) {
      setBusy(false);
      toast({
        title: "Error creating account",
        description: serverMessage(error) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
      return;
    }
    writeUserEmail(address);
    toast({ title: "Account created!", variant: "success" });
    const { subscriptionError } = await finishSignup(kept.channels, kept.plan);
    if (subscriptionError)
      toast({ title: "Subscription error", description: subscriptionError, variant: "error" });
    clearFunnelExceptEmail();
    await mutate();
    navigate("/dashboard");
  };

  return (
    <section className="container auth-page">
      <Card className="auth-card">
        <h1 className="auth-title">Create Your Account</h1>
        {kept.channels.length > 0 ? (
          <p className="notice">Your selected channels will be added to your account after signup</p>
        ) : null}
        {/* The trial said once: in the kept plan's box, else on its own. */}
        {kept.plan && kept.price !== null ? (
          <SelectedPlanBox plan={kept.plan} price={kept.price} />
        ) : (
          <p className="muted">Your first 7 days are free, no card needed.</p>
        )}
        <form className="stack" onSubmit={submit} noValidate>
          <EmailField
            id="signup-email"
            label="Email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={problems.email}
          />
          <TextField
            id="signup-password"
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={problems.password}
          />
          <Button type="submit" className="button-block" busy={busy} busyLabel="Creating account...">
            Create Account
          </Button>
        </form>
        <OrDivider />
        <GoogleButton>Sign up with Google</GoogleButton>
        <p className="legal-note">
          By creating an account you agree to our <Link href="/terms">Terms of Service</Link> and{" "}
          <Link href="/privacy">Privacy Policy</Link>.
        </p>
        <p className="auth-switch">
          Already have an account? <Link href="/login">Sign in</Link>
        </p>
      </Card>
    </section>
  );
}
