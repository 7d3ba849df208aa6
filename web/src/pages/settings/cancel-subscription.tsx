import { useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/button.tsx";
import { Dialog } from "../../components/dialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { SUBSCRIPTION_PATH, type Subscription, useSubscription } from "./use-subscription.ts";

const CANCEL_TEXT =
  "Cancelling ends your access at the end of the current billing period. Until then your digests keep coming, and you can resume it.";

/**
 * 'Cancel Subscription' behind a confirmation: cancelling is at the period's end, and says so first, with
 * pausing offered for a reader who only needs a break.
 */
export function CancelSubscription() {
  const toast = useToast();
  const { mutate } = useSubscription();
  const { mutate: mutateUser } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);

  const cancel = async () => {
    setBusy(true);
    try {
      const reply = await apiFetch<{ subscription: Subscription }>(`${SUBSCRIPTION_PATH}/cancel`, {
        method: "POST",
      });
      await mutate(reply.subscription, { revalidate: false });
      void mutateUser();
      setOpen(false);
      toast({
        title: "Subscription cancelled",
        description: "Access continues until the billing period ends.",
        variant: "success",
      });
    } catch (failure) {
      toast({
        title: "Error cancelling subscription",
        description: serverMessage(failure) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="settings-cancel">
      <p className="muted">{CANCEL_TEXT}</p>
      <Button variant="destructive" onClick={() => setOpen(true)}>
        Cancel Subscription
      </Button>
      <Dialog
        open={open}
        title="Cancel your subscription?"
        confirmLabel="Cancel Subscription"
        cancelLabel="Keep Subscription"
        destructive
        busy={busy}
        busyLabel="Cancelling..."
        onConfirm={cancel}
        onCancel={() => setOpen(false)}
      >
        <p>{CANCEL_TEXT}</p>
        <p>
          Only need a break? <Link href="/settings?tab=account">Pause deliveries instead</Link>: your plan and
          channels stay, and nothing is sent until you come back.
        </p>
      </Dialog>
    </div>
  );
}
