import { type FormEvent, useState } from "react";
import { serverMessage } from "../lib/api.ts";
import type { ChannelSearchResult } from "../lib/channels.ts";
import { startPreview } from "../lib/start-preview.ts";
import { isValidEmail } from "../lib/validation.ts";
import { Button } from "./button.tsx";
import { ChannelSearch } from "./channel-search.tsx";

import { useToast } from "./toast.tsx";
import { YourEmailField } from "./your-email-field.tsx";

/**
 * The landing page's checks of the address (docs/product.md#validation), said under the field they concern.
 */
function emailProblem(email: string): string | null {
  if (email.trim() === "") return "Please enter your email address to continue.";
  if (!isValidEmail(email)) return "Please enter a valid email address.";
  return null;
}

interface StartPreviewProps {
  /** The address to start from (a signed-in reader's, or the one given earlier). */
  initialEmail?: string;
  /** Called once the account exists and the funnel's memory holds the channel and the address. */
  onStarted: () => void;
}

/**
 * The way into the funnel (docs/product.md#landing-page): search, pick one channel, give an e-mail, and
 * 'Preview Your Newsletter'. Used by the landing page and by /preview opened without a channel.
 */
export function StartPreview({ initialEmail = "", onStarted }: StartPreviewProps) {
  const toast = useToast();
  const [selected, setSelected] = useState<ChannelSearchResult[]>([]);
  const [email, setEmail] = useState(initialEmail);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = emailProblem(email);
    setEmailError(problem);
    if (problem) return;
    setBusy(true);
    try {
      await startPreview(selected, email.trim());
      onStarted();
    } catch (error) {
      setBusy(false);
      toast({
        title: "Something went wrong",
        description: serverMessage(error) ?? "Failed to process your request. Please try again.",
        variant: "error",
      });
    }
  };

  return (
    <>
      <ChannelSearch mode="single" maxResults={6} selected={selected} onSelectedChange={setSelected} />
      {selected.length > 0 ? (
        <form className="start-preview-email" onSubmit={submit} noValidate>
          <YourEmailField
            id="start-preview-email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={emailError}
            hint="We'll send your preview and weekly digest here."
          />
          <Button type="submit" busy={busy} busyLabel="Preparing your preview...">
            Preview Your Newsletter
          </Button>
        </form>
      ) : null}
    </>
  );
}
