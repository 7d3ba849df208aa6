import { DeliveryTimeForm } from "./delivery-time-form.tsx";
import { PrivateFeed } from "./private-feed.tsx";

/** The Delivery tab: when the weekly digest arrives, and the private feed of every one. */
export function DeliveryTab() {
  return (
    <div className="stack settings-delivery">
      <DeliveryTimeForm />
      <PrivateFeed />
    </div>
  );
}
