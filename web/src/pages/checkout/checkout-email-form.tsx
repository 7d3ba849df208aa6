import { type FormEvent, useState } from "react";
import { Button } from "../../components/button.tsx";
import { useToast } from "../../components/toast.tsx";
import { YourEmailField } from "../../components/your-email-field.tsx";
import { serverMessage } from "../../lib/api.ts";
import { writeUserEmail } from "../../lib/session-state.ts";
import { signUpByEmail } from "../../lib/sign-up-by-email.ts";
import { INVALID_EMAIL_MESSAGE, isValidEmail } from "../../lib/validation.ts";

/**
 * Checkout opened with no address known (a direct visit, another tab) and nobody signed in: instead of
 * ending at 'Missing email information', it asks for the address and makes the account the plan is for,
 * signed in, as the landing page does. An address that already has an account (this browser is not
 * signed in by it) goes on through a sign-in link mailed to it (`onTaken`).
 */
export function CheckoutEmailForm({
  onEmail,
  onTaken,
}: {
  onEmail: (email: string) => void;
  onTaken: (email: string) => void;
}) {
  const toast = useToast();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const { signedIn } = await signUpByEmail(address, []);
      writeUserEmail(address);
      if (signedIn) onEmail(address);
      else onTaken(address);
    } catch (failure) {
      toast({
        title: "Something went wrong",
        description: serverMessage(failure) ?? "Failed to process your request. Please try again.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="checkout-email" onSubmit={submit} noValidate>
      <p>
        Which address should your digest go to? We make your account with it, and your free days start now.
      </p>
      <YourEmailField
        id="checkout-email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error}
      />
      <Button type="submit" busy={busy} busyLabel="Creating account...">
        Continue
      </Button>
    </form>
  );
}
