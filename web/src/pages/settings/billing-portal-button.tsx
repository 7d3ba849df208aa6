import { useState } from "react";
import { Button } from "../../components/button.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";

/** Stripe's customer portal (card, invoices): its address is made per visit, so it is asked for on click. */
export function BillingPortalButton() {
  const toast = useToast();
  const [busy, setBusy] = useState(false);

  const open = async () => {
    setBusy(true);
    try {
      const { url } = await apiFetch<{ url: string }>("/api/billing-portal", { method: "POST" });
      window.location.assign(url);
    } catch (failure) {
      setBusy(false);
      toast({
        title: "Billing portal unavailable",
        description: serverMessage(failure) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
    }
  };

  return (
    <Button variant="secondary" onClick={open} busy={busy} busyLabel="Opening...">
      Manage Billing
    </Button>
  );
}
