import {
  DEFAULT_DELIVERY_TIME,
  dailyTimeLabel,
  deliveryTimeLabel,
  WEEKDAYS,
} from "@tubedigest/contracts/delivery-time";
import { dayAfter, latestPauseDate, pauseDateProblem, todayIn } from "@tubedigest/contracts/digest-pause";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/button.tsx";
import { EmailDeliveryOff } from "../../../components/email-delivery-off.tsx";
import { describedBy, Field } from "../../../components/field.tsx";
import { Skeleton } from "../../../components/skeleton.tsx";
import { useToast } from "../../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../../lib/api.ts";
import { useEmailDelivery } from "../../../lib/email-delivery.ts";
import { useDeliveryTime } from "../use-delivery-time.ts";
import { useProfile } from "../use-profile.ts";
import { type Outcome, OutcomeMessage } from "./outcome.tsx";
import { DELIVERIES_PATH, type DigestDelivery, longDate, useDigestDelivery } from "./use-account-settings.ts";

/**
 * What the paused digest's notice says: until when, and which day brings the next one (a daily digest's
 * is the first day it may come again; a weekly one's the Monday the server names).
 */
function pausedText(delivery: DigestDelivery, daily: boolean): string {
  const digest = daily ? "daily digest" : "weekly digest";
  if (!delivery.until || !delivery.resumesOn) return `Your ${digest} is paused until you resume it.`;
  const next = daily ? delivery.until : delivery.resumesOn;
  return `Your ${digest} is paused until ${longDate(delivery.until)}. The next one arrives on ${longDate(next)}.`;
}

/**
 * Pausing the weekly digest, until a date (in the reader's own time zone) or until resumed, and
 * resuming it: a resumed reader gets the next Monday's digest, never the weeks they paused.
 */
export function DigestPauseSection() {
  const { data: delivery, error, mutate } = useDigestDelivery();
  // After an e-mail's unsubscribe nothing is sent, whatever the pause says: that comes first.
  const { delivery: email, turnBackOn } = useEmailDelivery();
  const { data: profile } = useProfile();
  // The reader's own day and hour: "Monday at 9:00 AM" only for those who kept the default.
  const { data: deliveryTime } = useDeliveryTime();
  const daily = deliveryTime?.cadence === "daily";
  const when = daily
    ? dailyTimeLabel(deliveryTime.hour)
    : deliveryTimeLabel(deliveryTime ?? DEFAULT_DELIVERY_TIME);
  const weekday = WEEKDAYS[(deliveryTime ?? DEFAULT_DELIVERY_TIME).weekday - 1] ?? "Monday";
  const toast = useToast();
  const [mode, setMode] = useState<"resume" | "date">("resume");
  const [until, setUntil] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);
  const today = todayIn(profile?.timeZone ?? "UTC", new Date());

  const change = async (path: "pause" | "resume", body?: { until: string | null }) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const changed = await apiFetch<DigestDelivery>(`${DELIVERIES_PATH}/${path}`, {
        method: "POST",
        ...(body ? { json: body } : {}),
      });
      await mutate(changed, { revalidate: false });
      // A pause is said once, by the section's own notice (which now shows it); a resume by the outcome.
      setOutcome(
        changed.paused
          ? undefined
          : {
              kind: "success",
              text: `Deliveries resumed. Your next digest arrives ${daily ? when : `on ${when}`}.`,
            },
      );
      toast({ title: changed.paused ? "Deliveries paused" : "Deliveries resumed", variant: "success" });
    } catch (failure) {
      const message = serverMessage(failure) ?? "Something went wrong. Please try again.";
      if (path === "pause" && mode === "date") setProblem(message);
      else setOutcome({ kind: "error", text: message });
    } finally {
      setBusy(false);
    }
  };

  const pause = async (event: FormEvent) => {
    event.preventDefault();
    const found = mode === "date" ? pauseDateProblem(until, today) : undefined;
    setProblem(found);
    if (found) return;
    await change("pause", { until: mode === "date" ? until : null });
  };

  const hint = daily
    ? "Your first digest after the pause comes on this date."
    : `Your first digest after the pause comes on the first ${weekday} on or after this date.`;
  return (
    <section className="settings-section" aria-labelledby="settings-digest-title">
      <h2 id="settings-digest-title" className="section-title">
        {daily ? "Daily digest" : "Weekly digest"}
      </h2>
      {error ? (
        <p className="settings-error">{serverMessage(error) ?? "Your deliveries could not be loaded."}</p>
      ) : !delivery ? (
        <Skeleton className="settings-skeleton" />
      ) : email && !email.on ? (
        <EmailDeliveryOff delivery={email} turnBackOn={turnBackOn} />
      ) : delivery.paused ? (
        <div className="stack settings-form">
          <p className="notice settings-paused">{pausedText(delivery, daily)}</p>
          <Button
            busy={busy}
            busyLabel="Resuming..."
            className="settings-submit"
            onClick={() => change("resume")}
          >
            Resume Deliveries
          </Button>
          <OutcomeMessage outcome={outcome} />
        </div>
      ) : (
        <form className="stack settings-form" onSubmit={pause} noValidate>
          <p className="muted">
            Your digest arrives {daily ? when : `every ${when}`} in your time zone. Away for a while? Pause
            it, and nothing is sent until you come back.
          </p>
          <fieldset className="settings-choices">
            <legend className="field-label">Pause deliveries</legend>
            <label className="settings-choice">
              <input
                type="radio"
                name="pause-until"
                checked={mode === "resume"}
                onChange={() => setMode("resume")}
              />
              Until I resume them
            </label>
            <label className="settings-choice">
              <input
                type="radio"
                name="pause-until"
                checked={mode === "date"}
                onChange={() => setMode("date")}
              />
              Until a date
            </label>
          </fieldset>
          {mode === "date" ? (
            <Field id="settings-pause-until" label="Start again on" hint={hint} error={problem}>
              <input
                id="settings-pause-until"
                className="input settings-date"
                type="date"
                min={dayAfter(today)}
                max={latestPauseDate(today)}
                value={until}
                onChange={(event) => setUntil(event.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={describedBy("settings-pause-until", hint, problem)}
              />
            </Field>
          ) : null}
          <Button
            type="submit"
            variant="secondary"
            busy={busy}
            busyLabel="Pausing..."
            className="settings-submit"
          >
            Pause Deliveries
          </Button>
          <OutcomeMessage outcome={outcome} />
        </form>
      )}
    </section>
  );
}
