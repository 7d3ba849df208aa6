import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { TextField } from "../../../components/field.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useToast } from "../../../components/toast.tsx";
import { apiFetch } from "../../../lib/api.ts";
import { CurrentPasswordField } from "./current-password-field.tsx";
import { type Outcome, OutcomeMessage, placeFailure } from "./outcome.tsx";
import { usePasswordState } from "./use-account-settings.ts";

// The sign-up's rule and words.
const TOO_SHORT = "Password must be at least 8 characters";
const CURRENT_PASSWORD_REQUIRED = "Please enter your current password.";

/**
 * Change the password (the current one asked first), or set a first one for an account made on the
 * landing page. Either signs every other browser out, and the address is told.
 */
export function PasswordSection() {
  const { data: state, mutate } = usePasswordState();
  const toast = useToast();
  const [currentPassword, setCurrentPassword] = useState("");
  const [newPassword, setNewPassword] = useState("");
  const [problems, setProblems] = useState<{ currentPassword?: string; newPassword?: string }>({});
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  const changing = state?.hasPassword ?? false;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      currentPassword: changing && !currentPassword ? CURRENT_PASSWORD_REQUIRED : undefined,
      newPassword: newPassword.length < 8 ? TOO_SHORT : undefined,
    };
    setProblems(found);
    setOutcome(undefined);
    if (found.currentPassword || found.newPassword) return;
    setBusy(true);
    try {
      const reply = await apiFetch<{ message: string }>("/api/user/password", {
        json: { newPassword, ...(changing ? { currentPassword } : {}) },
      });
      await mutate({ hasPassword: true }, { revalidate: false });
      setCurrentPassword("");
      setNewPassword("");
      setOutcome({ kind: "success", text: reply.message });
      toast({ title: changing ? "Password changed" : "Password set", variant: "success" });
    } catch (failure) {
      const placed = placeFailure(failure);
      if (placed.place === "outcome") setOutcome({ kind: "error", text: placed.text });
      else
        setProblems(
          placed.place === "password" ? { currentPassword: placed.text } : { newPassword: placed.text },
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-section" aria-labelledby="settings-password-title">
      <h2 id="settings-password-title" className="section-title">
        Password
      </h2>
      {state === undefined ? (
        <Skeleton className="settings-skeleton" />
      ) : (
        <form className="stack settings-form" onSubmit={submit} noValidate>
          <p className="muted">
            {changing
              ? "Changing your password signs you out on every other device."
              : "Your account has no password yet: you sign in with links we email you. Set one to sign in with your email and password."}
          </p>
          {changing ? (
            <CurrentPasswordField
              id="settings-current-password"
              value={currentPassword}
              onChange={setCurrentPassword}
              error={problems.currentPassword}
            />
          ) : null}
          <TextField
            id="settings-new-password"
            label="New password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters."
            value={newPassword}
            onChange={(event) => setNewPassword(event.target.value)}
            error={problems.newPassword}
          />
          <Button
            type="submit"
            busy={busy}
            busyLabel={changing ? "Changing..." : "Saving..."}
            className="settings-submit"
          >
            {changing ? "Change Password" : "Set Password"}
          </Button>
          <OutcomeMessage outcome={outcome} />
        </form>
      )}
    </section>
  );
}
