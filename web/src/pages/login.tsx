import { type FormEvent, useState } from "react";
import { Link, useLocation } from "wouter";
import { Button } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { EmailField, TextField } from "../components/field.tsx";
import { GoogleButton } from "../components/google-button.tsx";
import { OrDivider } from "../components/or-divider.tsx";
import { useToast } from "../components/toast.tsx";
import { ApiError, apiFetch, serverMessage } from "../lib/api.ts";
import { useCurrentUser } from "../lib/current-user.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { INVALID_EMAIL_MESSAGE, isValidEmail } from "../lib/validation.ts";

interface Problems {
  email?: string;
  password?: string;
}

/** The login checks (docs/product.md#validation). */
function problemsWith(email: string, password: string): Problems {
  return {
    email: isValidEmail(email) ? undefined : INVALID_EMAIL_MESSAGE,
    password: password.length >= 1 ? undefined : "Password is required",
  };
}

export default function LoginPage() {
  usePageTitle("Sign In");
  const toast = useToast();
  const [, navigate] = useLocation();
  const { mutate } = useCurrentUser();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState(false);
  /** Too many tries (this address's, or this network's): said where the form is, with the way in that is left. */
  const [refusal, setRefusal] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = problemsWith(email, password);
    setProblems(found);
    if (found.email || found.password) return;
    setBusy(true);
    setRefusal(undefined);
    try {
      await apiFetch("/api/auth/login", { json: { email: email.trim(), password } });
      await mutate();
      toast({ title: "Welcome back!", variant: "success" });
      navigate("/dashboard");
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.status === 429) {
        setRefusal(serverMessage(error) ?? "Too many sign-in attempts. Please wait a few minutes.");
        return;
      }
      toast({
        title: "Login failed",
        description: serverMessage(error) ?? "Invalid email or password. Please try again.",
        variant: "error",
      });
    }
  };

  return (
    <section className="container auth-page">
      <Card className="auth-card">
        <h1 className="auth-title">Sign In</h1>
        <p className="muted">Welcome back. Sign in to manage your channels and read past newsletters.</p>
        <form className="stack" onSubmit={submit} noValidate>
          {refusal ? (
            <p className="notice" role="alert">
              {refusal} <Link href="/sign-in-link">Email me a sign-in link</Link>
            </p>
          ) : null}
          <EmailField
            id="login-email"
            label="Email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={problems.email}
          />
          <TextField
            id="login-password"
            label="Password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={problems.password}
          />
          <p className="login-forgot">
            <Link href="/forgot-password">Forgot password?</Link>
          </p>
          <Button type="submit" className="button-block" busy={busy} busyLabel="Signing in...">
            Sign In
          </Button>
        </form>
        <OrDivider />
        <GoogleButton>Sign in with Google</GoogleButton>
        <p className="auth-switch">
          Don't have an account? <Link href="/signup">Sign up</Link>
        </p>
        <p className="auth-switch">
          No password yet? <Link href="/sign-in-link">Email me a sign-in link</Link>
        </p>
      </Card>
    </section>
  );
}
