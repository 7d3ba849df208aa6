import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Button } from "../components/button.tsx";
import { Card } from "../components/card.tsx";
import { EmailField } from "../components/field.tsx";
import { useToast } from "../components/toast.tsx";
import { apiFetch, serverMessage } from "../lib/api.ts";
import { readUserEmail } from "../lib/session-state.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { INVALID_EMAIL_MESSAGE, isValidEmail } from "../lib/validation.ts";

/** "Forgot password?": a link mailed to the address, whose page sets a new password. */
export default function ForgotPasswordPage() {
  usePageTitle("Reset Your Password");
  const toast = useToast();
  const [email, setEmail] = useState(() => readUserEmail() ?? "");
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // The server's answer, the same whether or not the address has an account.
  const [sent, setSent] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) return setProblem(INVALID_EMAIL_MESSAGE);
    setProblem(undefined);
    setBusy(true);
    try {
      const reply = await apiFetch<{ message: string }>("/api/auth/password-reset", {
        json: { email: email.trim() },
      });
      setSent(reply.message);
    } catch (failure) {
      toast({
        title: "Could not send the link",
        description: serverMessage(failure) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container auth-page">
      <Card className="auth-card stack">
        <h1 className="auth-title">Reset Your Password</h1>
        {sent ? (
          <div className="stack" role="status">
            <p className="notice">{sent}</p>
            <p>Check your inbox and follow the link in the e-mail to choose a new password.</p>
            <Button variant="ghost" onClick={() => setSent(undefined)}>
              Use another address
            </Button>
          </div>
        ) : (
          <form className="stack" onSubmit={submit} noValidate>
            <p className="muted">
              Enter your account's address: we'll e-mail you a link to choose a new password.
            </p>
            <EmailField
              id="forgot-password-email"
              label="Email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={problem}
            />
            <Button type="submit" className="button-block" busy={busy} busyLabel="Sending...">
              Email me a reset link
            </Button>
          </form>
        )}
        <p className="auth-switch">
          Remembered it? <Link href="/login">Sign in</Link>
        </p>
      </Card>
    </section>
  );
}
