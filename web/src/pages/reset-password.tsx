import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Button, buttonClass } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { TextField } from "../components/field.tsx";
import { PageLoading } from "../components/page-loading.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";
import { type PasswordReset, usePasswordReset } from "./reset-password/use-password-reset.ts";

const TITLES: Record<PasswordReset["state"], string> = {
  checking: "Choose a New Password",
  choosing: "Choose a New Password",
  done: "Password Changed",
  failed: "Reset Link Not Valid",
};

/**
 * Where the e-mailed reset link lands (/reset-password?token=…): says whose password it sets, takes the
 * new one, and signs in; or says why not and where to ask again.
 */
export default function ResetPasswordPage() {
  const { result, choose } = usePasswordReset();
  const [password, setPassword] = useState("");
  usePageTitle(TITLES[result.state]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    choose(password);
  };

  if (result.state === "checking") return <PageLoading label="Checking your reset link" />;
  return (
    <section className="container auth-page">
      <Card className="auth-card stack">
        <h1 className="auth-title">{TITLES[result.state]}</h1>
        {result.state === "choosing" ? (
          <form className="stack" onSubmit={submit} noValidate>
            <p>
              Choose a new password for <strong className="link-account">{result.email}</strong>. Every other
              device is signed out.
            </p>
            <TextField
              id="reset-password"
              label="New password"
              type="password"
              autoComplete="new-password"
              hint="At least 8 characters."
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              error={result.problem}
            />
            <Button type="submit" className="button-block" busy={result.busy} busyLabel="Saving...">
              Set New Password
            </Button>
          </form>
        ) : result.state === "done" ? (
          <>
            <p className="notice" role="status">
              {result.message}
            </p>
            <p className="muted">Signed in as {result.email}.</p>
            <Link className={buttonClass("primary")} href="/dashboard">
              Go to Your Dashboard
            </Link>
          </>
        ) : (
          <>
            <p>{result.message}</p>
            <Link className={buttonClass("primary")} href="/forgot-password">
              Email me a new link
            </Link>
            <p className="auth-switch">
              Remembered it? <Link href="/login">Sign in</Link>
            </p>
          </>
        )}
      </Card>
    </section>
  );
}
