import { type FormEvent, useState } from "react";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { useToast } from "../../components/toast.tsx";
import { ApiError, apiFetch, serverMessage } from "../../lib/api.ts";

const TOO_SHORT = "Password must be at least 8 characters";

/**
 * A first password for an account made without one (the landing page's). Auth sets it through sign-up
 * for the account's own signed-in holder; an account that has one already answers 409.
 */
export function SetPasswordForm({ email }: { email: string }) {
  const toast = useToast();
  const [password, setPassword] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 8) return setProblem(TOO_SHORT);
    setProblem(undefined);
    setBusy(true);
    try {
      await apiFetch("/api/auth/register", { json: { email, password } });
      setOutcome("Password set. Next time you can sign in with your email and this password.");
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409) {
        setOutcome(
          "Your account already has a password: sign in with it next time, or ask for a link again.",
        );
      } else {
        toast({
          title: "Could not set the password",
          description: serverMessage(failure) ?? "Something went wrong. Please try again.",
          variant: "error",
        });
      }
    } finally {
      setBusy(false);
    }
  };

  if (outcome) {
    return (
      <p className="notice" role="status">
        {outcome}
      </p>
    );
  }
  return (
    <form className="stack" onSubmit={submit} noValidate>
      <h2 className="section-title">Set a password (optional)</h2>
      <TextField
        id="set-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. Skip this to keep signing in by e-mailed links."
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={problem}
      />
      <Button type="submit" variant="secondary" busy={busy} busyLabel="Saving...">
        Set Password
      </Button>
    </form>
  );
}
