import { SUMMARY_LANGUAGES } from "@tubedigest/contracts/summary-language";
import { useMemo } from "react";
import { describedBy, Field } from "../../components/field.tsx";
import "./summary-language-field.css";

const HINT =
  "Each summary is written in the video's own language unless you choose one here; translated summaries say so.";

const NAMES = new Intl.DisplayNames(["en"], { type: "language" });

/** The languages summaries can be written in, by their English names, in alphabetical order. */
function languageChoices(): { code: string; name: string }[] {
  return SUMMARY_LANGUAGES.map((code) => ({ code, name: NAMES.of(code) ?? code })).sort((a, b) =>
    a.name.localeCompare(b.name, "en"),
  );
}

/** The language the reader's summaries are written in: each video's own (""), or one of the list. */
export function SummaryLanguageField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (code: string) => void;
}) {
  const choices = useMemo(languageChoices, []);
  return (
    <Field id={id} label="Summary Language" hint={HINT}>
      <select
        id={id}
        className="input summary-language-select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={describedBy(id, HINT)}
      >
        <option value="">The video's own language</option>
        {choices.map((choice) => (
          <option key={choice.code} value={choice.code}>
            {choice.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
