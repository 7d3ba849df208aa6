import { useState } from "react";
import { serverMessage } from "../lib/api.ts";
import type { EmailDelivery } from "../lib/email-delivery.ts";
import { formatDate } from "../lib/format-date.ts";
import { Button } from "./button.tsx";
import { useToast } from "./toast.tsx";

/**
 * What a reader who used an e-mail's unsubscribe sees where a next delivery would be: e-mail is off (a
 * plan is not), and one button turns it back on.
 */
export function EmailDeliveryOff({
  delivery,
  turnBackOn,
}: {
  delivery: EmailDelivery;
  turnBackOn: () => Promise<void>;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const press = async () => {
    setBusy(true);
    try {
      await turnBackOn();
      toast({
        title: "E-mail delivery on",
        description: "Your weekly digest is e-mailed again.",
        variant: "success",
      });
    } catch (failure) {
      toast({
        title: "Could not turn e-mail back on",
        description: serverMessage(failure) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="notice email-delivery-off stack" role="status">
      <p>
        <strong>E-mail delivery off</strong>
        {delivery.offSince ? ` since ${formatDate(delivery.offSince)}` : ""}: you unsubscribed from an e-mail,
        so no digest is sent. Your plan and channels are unchanged.
      </p>
      <Button variant="secondary" busy={busy} busyLabel="Turning on..." onClick={press}>
        Turn back on
      </Button>
    </div>
  );
}
