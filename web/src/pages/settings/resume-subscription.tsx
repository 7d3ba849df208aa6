import type { SubscriptionChangeReply } from "@tubedigest/contracts/subscription";
import { useState } from "react";
import { Button } from "../../components/button.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { formatDate } from "../../lib/format-date.ts";
import { SUBSCRIPTION_PATH, type Subscription, useSubscription } from "./use-subscription.ts";

/** A cancelled subscription, until its period ends: when access stops, and 'Resume' to undo it. */
export function ResumeSubscription({ subscription }: { subscription: Subscription }) {
  const toast = useToast();
  const { mutate } = useSubscription();
  const { mutate: mutateUser } = useCurrentUser();
  const [busy, setBusy] = useState(false);

  const resume = async () => {
    setBusy(true);
    try {
      const reply = await apiFetch<SubscriptionChangeReply>(`${SUBSCRIPTION_PATH}/resume`, {
        method: "POST",
      });
      await mutate(reply.subscription, { revalidate: false });
      void mutateUser();
      toast({ title: "Subscription resumed", description: reply.message, variant: "success" });
    } catch (failure) {
      toast({
        title: "Error resuming subscription",
        description: serverMessage(failure) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="settings-cancel">
      <p className="muted">
        Your subscription is cancelled. Access continues until the end of the billing period
        {subscription.currentPeriodEnd ? `, ${formatDate(subscription.currentPeriodEnd)}` : ""}; resume it
        before then and nothing changes.
      </p>
      <Button onClick={resume} busy={busy} busyLabel="Resuming...">
        Resume
      </Button>
    </div>
  );
}
