import type { SubscriptionChangeReply } from "@tubedigest/contracts/subscription";
import { useState } from "react";
import { Button } from "../../components/button.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { SUBSCRIPTION_PATH, useSubscription } from "./use-subscription.ts";

/**
 * Test mode's 'End Trial Now', beside the checkout's 'Skip Payment': the free days end at once, so what
 * follows a trial (a plan's first period, or the digests stopping) can be seen without waiting a week.
 */
export function EndTrialNow() {
  const toast = useToast();
  const { mutate } = useSubscription();
  const { mutate: mutateUser } = useCurrentUser();
  const [busy, setBusy] = useState(false);

  const end = async () => {
    setBusy(true);
    try {
      const reply = await apiFetch<SubscriptionChangeReply>(`${SUBSCRIPTION_PATH}/end-trial`, {
        method: "POST",
      });
      await mutate(reply.subscription, { revalidate: false });
      void mutateUser();
      toast({ title: "Trial ended", description: reply.message, variant: "success" });
    } catch (failure) {
      toast({
        title: "Trial not ended",
        description: serverMessage(failure) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="secondary"
      className="settings-test-end-trial"
      busy={busy}
      busyLabel="Ending..."
      onClick={end}
    >
      TEST MODE: End Trial Now (DEV ONLY)
    </Button>
  );
}
