import {
  type DigestCadence,
  dailyTimeLabel,
  deliveryTimeLabel,
  hourLabel,
  WEEKDAYS,
} from "@tubedigest/contracts/delivery-time";
import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Button } from "../../components/button.tsx";
import { describedBy, Field } from "../../components/field.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { useEmailDelivery } from "../../lib/email-delivery.ts";
import { planById, usePlans } from "../../lib/plans.ts";
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

/** Whether the signed-in reader's plan includes a daily digest, as billing's plans say; undefined while loading. */
function useDailyIncluded(): boolean | undefined {
  const { user } = useCurrentUser();
  const { plans } = usePlans();
  if (!user || !plans) return undefined;
  return user.subscriptionPlan ? planById(plans, user.subscriptionPlan)?.dailyDigest === true : false;
}

/** How often the digest comes, its day and hour, and when the next one is due. */
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
  const dailyIncluded = useDailyIncluded();
  const [cadence, setCadence] = useState<DigestCadence>(standing.cadence);
  const [weekday, setWeekday] = useState(standing.weekday);
  const [hour, setHour] = useState(standing.hour);
  const [busy, setBusy] = useState(false);
  const daily = cadence === "daily";
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
        json: { weekday, hour, cadence },
      });
      await mutate(saved, { revalidate: false });
      toast({
        title: "Delivery time saved",
        description:
          saved.cadence === "daily"
            ? `Your digest now comes ${dailyTimeLabel(saved.hour)}.`
            : `Your digest now comes on ${deliveryTimeLabel(saved)}.`,
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
        {daily
          ? "When your daily digest arrives. One comes each day your channels have posted something new."
          : "When your weekly digest arrives. One comes every week, whatever you choose."}
      </p>
      <div className="delivery-time-fields">
        <Field id="delivery-cadence" label="How often">
          <select
            id="delivery-cadence"
            className="input"
            value={cadence}
            onChange={(event) => setCadence(event.target.value === "daily" ? "daily" : "weekly")}
            aria-describedby={dailyIncluded === false ? "delivery-cadence-hint" : undefined}
          >
            <option value="weekly">Weekly</option>
            <option value="daily" disabled={dailyIncluded === false}>
              {dailyIncluded === false ? "Daily (Premium and Pro)" : "Daily"}
            </option>
          </select>
        </Field>
        {daily ? null : (
          <NumberChoice
            id="delivery-weekday"
            label="Day"
            value={weekday}
            onChange={setWeekday}
            options={WEEKDAYS.map((name, index) => ({ value: index + 1, label: name }))}
            describedBy={describedBy("delivery-weekday", hint)}
          />
        )}
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
      {dailyIncluded === false ? (
        <p className="field-hint" id="delivery-cadence-hint">
          A daily digest comes with Premium and Pro.{" "}
          <Link href="/settings?tab=subscription">See your plan</Link>
        </p>
      ) : null}
      <p className="settings-next-delivery" role="status">
        {next}
      </p>
      <Button type="submit" className="settings-submit" busy={busy} busyLabel="Saving...">
        Save Delivery Time
      </Button>
    </form>
  );
}
