import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { EmailField } from "../../../components/field.tsx";
import { apiFetch } from "../../../lib/api.ts";
import { useCurrentUser } from "../../../lib/current-user.ts";
import { INVALID_EMAIL_MESSAGE, isValidEmail } from "../../../lib/validation.ts";
import { CurrentPasswordField } from "./current-password-field.tsx";
import { type Outcome, OutcomeMessage, placeFailure } from "./outcome.tsx";
import { usePasswordState } from "./use-account-settings.ts";

const CURRENT_PASSWORD_REQUIRED = "Please enter your current password.";

/**
 * A move to another address: a link goes to the new address and the change happens only once it is
 * followed; the current address is told. An account with a password confirms with it.
 */
export function EmailChangeSection() {
  const { user } = useCurrentUser();
  const { data: passwordState } = usePasswordState();
  const asksPassword = passwordState?.hasPassword ?? true;
  const [email, setEmail] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [problems, setProblems] = useState<{ email?: string; currentPassword?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      email: isValidEmail(email) ? undefined : INVALID_EMAIL_MESSAGE,
      currentPassword: asksPassword && !currentPassword ? CURRENT_PASSWORD_REQUIRED : undefined,
    };
    setProblems(found);
    setOutcome(undefined);
    if (found.email || found.currentPassword) return;
    setBusy(true);
    try {
      const reply = await apiFetch<{ message: string }>("/api/user/email", {
        json: { email: email.trim(), ...(asksPassword ? { currentPassword } : {}) },
      });
      setOutcome({ kind: "success", text: reply.message });
      setEmail("");
      setCurrentPassword("");
    } catch (failure) {
      const placed = placeFailure(failure);
      if (placed.place === "outcome") setOutcome({ kind: "error", text: placed.text });
      else
        setProblems(placed.place === "password" ? { currentPassword: placed.text } : { email: placed.text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-section" aria-labelledby="settings-email-title">
      <h2 id="settings-email-title" className="section-title">
        Email address
      </h2>
      <p className="muted">
        Your digests and messages go to <strong className="settings-address">{user?.email}</strong>. To use
        another address, enter it below: we send a link there, and your address changes once you follow it.
      </p>
      <form className="stack settings-form" onSubmit={submit} noValidate>
        <EmailField
          id="settings-new-email"
          label="New email address"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={problems.email}
        />
        {asksPassword ? (
          <CurrentPasswordField
            id="settings-email-password"
            value={currentPassword}
            onChange={setCurrentPassword}
            error={problems.currentPassword}
          />
        ) : null}
        <Button type="submit" busy={busy} busyLabel="Sending..." className="settings-submit">
          Send Confirmation Link
        </Button>
        <OutcomeMessage outcome={outcome} />
      </form>
    </section>
  );
}
