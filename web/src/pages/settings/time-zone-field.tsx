import { useCallback, useMemo, useState } from "react";
import { Button } from "../../components/button.tsx";
import { Combobox, type ComboboxOption } from "../../components/combobox.tsx";
import { describedBy, Field } from "../../components/field.tsx";
import { browserTimeZone } from "../../lib/time-zone.ts";
import { currentZoneName, matchingTimeZones, timeZoneChoices } from "./time-zones.ts";

const ZONE_HINT =
  "Your weekly digest arrives on the day and at the hour set under Account › Delivery time, in this time zone. Type a city to find yours.";

/**
 * The time zone of the weekly digest, found by typing part of its name or offset among the IANA zones,
 * with the browser's own zone offered first.
 */
export function TimeZoneField({
  id,
  value,
  onChange,
  error,
}: {
  id: string;
  value: string;
  onChange: (zone: string) => void;
  error?: string;
}) {
  // Labelling every zone the browser knows is worth doing once, not on each keystroke or choice; later
  // values all come from this list.
  const [choices] = useState(() => timeZoneChoices(value, browserTimeZone()));
  const options = useMemo(() => choices.map(asOption), [choices]);
  const filter = useCallback((typed: string) => matchingTimeZones(choices, typed).map(asOption), [choices]);
  const suggestion = choices.find((choice) => choice.suggested);
  return (
    <Field id={id} label="Time Zone" hint={ZONE_HINT} error={error}>
      <Combobox
        id={id}
        options={options}
        value={currentZoneName(value)}
        onChange={onChange}
        filter={filter}
        listLabel="Time zones"
        noMatch="No time zone matches"
        describedBy={describedBy(id, ZONE_HINT, error)}
        invalid={Boolean(error)}
      />
      {suggestion && suggestion.zone !== currentZoneName(value) ? (
        <Button variant="ghost" className="time-zone-suggestion" onClick={() => onChange(suggestion.zone)}>
          Use {suggestion.label}, your browser's time zone
        </Button>
      ) : null}
    </Field>
  );
}

function asOption(choice: { zone: string; label: string; suggested: boolean }): ComboboxOption {
  return {
    value: choice.zone,
    label: choice.label,
    note: choice.suggested ? "your browser's time zone" : undefined,
  };
}
