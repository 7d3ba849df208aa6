import { useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../../../components/button.tsx";
import { Dialog } from "../../../components/dialog.tsx";
import { TextField } from "../../../components/field.tsx";
import { useToast } from "../../../components/toast.tsx";
import { apiFetch } from "../../../lib/api.ts";
import { useCurrentUser } from "../../../lib/current-user.ts";
import { forgetUserEmail } from "../../../lib/session-state.ts";
import { CurrentPasswordField } from "./current-password-field.tsx";
import { placeFailure } from "./outcome.tsx";
import { usePasswordState } from "./use-account-settings.ts";

const WHAT_GOES =
  "Your channels, newsletters and settings are erased at once, any paid plan is cancelled with no further charges, and we send one last email to confirm. This cannot be undone.";
const NOT_CONFIRMED = "Please type your email address exactly as shown to confirm.";
const CURRENT_PASSWORD_REQUIRED = "Please enter your current password.";

/** The same address however it is typed: blanks around it and letter case aside (the server decides). */
const sameAddress = (typed: string, email: string) =>
  typed.trim().normalize("NFC").toLowerCase() === email.trim().normalize("NFC").toLowerCase();

/**
 * Deleting the account, behind a dialog that asks for its address typed out and, when the account has
 * one, its current password: every service erases what it keeps, the session ends, and the browser goes
 * back to the landing page.
 */
export function DeleteAccountSection() {
  const { user, mutate } = useCurrentUser();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const { data: passwordState } = usePasswordState();
  const asksPassword = passwordState?.hasPassword ?? true;
  const [typed, setTyped] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [problems, setProblems] = useState<{ email?: string; currentPassword?: string }>({});
  const [busy, setBusy] = useState(false);
  const email = user?.email ?? "";

  const close = () => {
    setOpen(false);
    setTyped("");
    setCurrentPassword("");
    setProblems({});
  };

  const confirm = async () => {
    const found = {
      email: sameAddress(typed, email) ? undefined : NOT_CONFIRMED,
      currentPassword: asksPassword && !currentPassword ? CURRENT_PASSWORD_REQUIRED : undefined,
    };
    setProblems(found);
    if (found.email || found.currentPassword) return;
    setBusy(true);
    try {
      const reply = await apiFetch<{ message: string }>("/api/user/account", {
        method: "DELETE",
        json: { email: typed.trim(), ...(asksPassword ? { currentPassword } : {}) },
      });
      forgetUserEmail();
      await mutate(null, { revalidate: false });
      setOpen(false);
      toast({ title: "Account deleted", description: reply.message, variant: "success" });
      navigate("/", { replace: true });
    } catch (failure) {
      const placed = placeFailure(failure);
      setProblems(placed.place === "password" ? { currentPassword: placed.text } : { email: placed.text });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="settings-section settings-danger" aria-labelledby="settings-delete-title">
      <h2 id="settings-delete-title" className="section-title">
        Delete account
      </h2>
      <p className="muted">{WHAT_GOES}</p>
      <Button variant="destructive" className="settings-submit" onClick={() => setOpen(true)}>
        Delete Account
      </Button>
      <Dialog
        open={open}
        title="Delete your account?"
        confirmLabel="Delete My Account"
        cancelLabel="Keep Account"
        destructive
        busy={busy}
        busyLabel="Deleting..."
        onConfirm={confirm}
        onCancel={close}
      >
        <div className="stack">
          <p>{WHAT_GOES}</p>
          <TextField
            id="settings-delete-email"
            label={
              <>
                Type <strong className="settings-address">{email}</strong> to confirm
              </>
            }
            type="email"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            error={problems.email}
          />
          {asksPassword ? (
            <CurrentPasswordField
              id="settings-delete-password"
              value={currentPassword}
              onChange={setCurrentPassword}
              error={problems.currentPassword}
            />
          ) : null}
        </div>
      </Dialog>
    </section>
  );
}
