import { deliveryTimeLabel, hourLabel, WEEKDAYS } from "@tubedigest/contracts/delivery-time";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/button.tsx";
import { describedBy, Field } from "../../components/field.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { useEmailDelivery } from "../../lib/email-delivery.ts";
import {
  DELIVERY_TIME_PATH,
  type DeliveryTimeStanding,
  localDeliveryLabel,
  useDeliveryTime,
} from "./use-delivery-time.ts";

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** A labelled choice among numbered options (the day, the hour). */
function NumberChoice({
  id,
  label,
  value,
  onChange,
  options,
  describedBy: description,
}: {
  id: string;
  label: string;
  value: number;
  onChange: (value: number) => void;
  options: { value: number; label: string }[];
  describedBy: string | undefined;
}) {
  return (
    <Field id={id} label={label}>
      <select
        id={id}
        className="input"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        aria-describedby={description}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** The weekly digest's day and hour, and when the next one is due. */
export function DeliveryTimeForm() {
  const { data, error } = useDeliveryTime();
  return (
    <section className="settings-section" aria-labelledby="delivery-time-title">
      <h2 className="section-title" id="delivery-time-title">
        Delivery time
      </h2>
      {error ? (
        <p className="settings-error">
          {serverMessage(error) ?? "Your delivery time could not be loaded. Please reload the page."}
        </p>
      ) : data ? (
        <DeliveryTimeFields standing={data} />
      ) : (
        <Skeleton className="settings-skeleton" />
      )}
    </section>
  );
}

function DeliveryTimeFields({ standing }: { standing: DeliveryTimeStanding }) {
  const toast = useToast();
  const { mutate } = useDeliveryTime();
  const { delivery: email } = useEmailDelivery();
  const [weekday, setWeekday] = useState(standing.weekday);
  const [hour, setHour] = useState(standing.hour);
  const [busy, setBusy] = useState(false);
  const hint = `In your time zone, ${standing.timeZone} (change it under Profile).`;
  const next =
    email && !email.on
      ? "E-mail delivery is off, so no digest is sent: turn it back on under Weekly digest."
      : `Your next digest: ${localDeliveryLabel(standing.nextDeliveryAt, standing.timeZone)}, if your channels have posted anything new by then.`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await apiFetch<DeliveryTimeStanding>(DELIVERY_TIME_PATH, {
        method: "PUT",
        json: { weekday, hour },
      });
      await mutate(saved, { revalidate: false });
      toast({
        title: "Delivery time saved",
        description: `Your digest now comes on ${deliveryTimeLabel(saved)}.`,
        variant: "success",
      });
    } catch (failure) {
      toast({
        title: "Error saving your delivery time",
        description: serverMessage(failure) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack settings-form" onSubmit={submit} noValidate aria-labelledby="delivery-time-title">
      <p className="settings-note">
        When your weekly digest arrives. One comes every week, whatever you choose.
      </p>
      <div className="delivery-time-fields">
        <NumberChoice
          id="delivery-weekday"
          label="Day"
          value={weekday}
          onChange={setWeekday}
          options={WEEKDAYS.map((name, index) => ({ value: index + 1, label: name }))}
          describedBy={describedBy("delivery-weekday", hint)}
        />
        <NumberChoice
          id="delivery-hour"
          label="Time"
          value={hour}
          onChange={setHour}
          options={HOURS.map((value) => ({ value, label: hourLabel(value) }))}
          describedBy={describedBy("delivery-weekday", hint)}
        />
      </div>
      <p className="field-hint" id="delivery-weekday-hint">
        {hint}
      </p>
      <p className="settings-next-delivery" role="status">
        {next}
      </p>
      <Button type="submit" className="settings-submit" busy={busy} busyLabel="Saving...">
        Save Delivery Time
      </Button>
    </form>
  );
}
