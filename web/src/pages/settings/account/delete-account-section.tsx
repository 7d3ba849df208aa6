import { useState } from "react";
import { useLocation } from "wouter";
import { Button } from "../../../components/button.tsx";
import { Dialog } from "../../../components/dialog.tsx";
import { TextField } from "../../../components/field.tsx";
import { useToast } from "../../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../../lib/api.ts";
import { useCurrentUser } from "../../../lib/current-user.ts";
import { forgetUserEmail } from "../../../lib/session-state.ts";

const WHAT_GOES =
  "Your channels, newsletters and settings are erased at once, any paid plan is cancelled with no further charges, and we send one last email to confirm. This cannot be undone.";
const NOT_CONFIRMED = "Please type your email address exactly as shown to confirm.";

/** The same address however it is typed: blanks around it and letter case aside (the server decides). */
const sameAddress = (typed: string, email: string) =>
  typed.trim().normalize("NFC").toLowerCase() === email.trim().normalize("NFC").toLowerCase();

/**
 * Deleting the account, behind a dialog that asks for its address typed out: every service erases what
 * it keeps, the session ends, and the browser goes back to the landing page.
 */
export function DeleteAccountSection() {
  const { user, mutate } = useCurrentUser();
  const toast = useToast();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const email = user?.email ?? "";

  const close = () => {
    setOpen(false);
    setTyped("");
    setProblem(undefined);
  };

  const confirm = async () => {
    if (!sameAddress(typed, email)) return setProblem(NOT_CONFIRMED);
    setProblem(undefined);
    setBusy(true);
    try {
      const reply = await apiFetch<{ message: string }>("/api/user/account", {
        method: "DELETE",
        json: { email: typed.trim() },
      });
      forgetUserEmail();
      await mutate(null, { revalidate: false });
      setOpen(false);
      toast({ title: "Account deleted", description: reply.message, variant: "success" });
      navigate("/", { replace: true });
    } catch (failure) {
      setProblem(serverMessage(failure) ?? "Your account could not be deleted. Please try again.");
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
            error={problem}
          />
        </div>
      </Dialog>
    </section>
  );
}
