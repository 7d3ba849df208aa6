import { DeliveryTimeForm } from "./delivery-time-form.tsx";

/** The Delivery tab: when the weekly digest arrives. */
export function DeliveryTab() {
  return (
    <div className="stack settings-delivery">
      <DeliveryTimeForm />
    </div>
  );
}
