import { focusLength, MAX_FOCUS_CHARS } from "@tubedigest/contracts/focus-rule";
import type { ReaderFocusReply } from "@tubedigest/contracts/reader-focus";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/button.tsx";
import { describedBy, Field } from "../../components/field.tsx";
import { Skeleton } from "../../components/skeleton.tsx";
import { useToast } from "../../components/toast.tsx";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { FOCUS_PATH, useFocus } from "./use-focus.ts";

const FIELD = "settings-focus";
const HINT = "For example: engine design, not news. Words after “not” or “no” go last.";

/**
 * "What I care about": the reader's focus in their own words, which puts the matching videos of their
 * digest first and leads its week at a glance with them. The summaries themselves stay as they are.
 */
export function FocusForm() {
  const { data, error } = useFocus();
  return (
    <section className="settings-section" aria-labelledby="focus-title">
      <h2 className="section-title" id="focus-title">
        What I care about
      </h2>
      {error ? (
        <p className="settings-error">
          {serverMessage(error) ?? "What you care about could not be loaded. Please reload the page."}
        </p>
      ) : data ? (
        <FocusFields saved={data.focus} />
      ) : (
        <Skeleton className="settings-skeleton" />
      )}
    </section>
  );
}

function FocusFields({ saved }: { saved: string | null }) {
  const toast = useToast();
  const { mutate } = useFocus();
  const [text, setText] = useState(saved ?? "");
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState<"save" | "clear">();
  const length = focusLength(text);

  // The server decides what may be kept; what it refuses is shown in its own words.
  const send = async (focus: string, action: "save" | "clear") => {
    setBusy(action);
    setProblem(undefined);
    try {
      const kept = await apiFetch<ReaderFocusReply>(FOCUS_PATH, { method: "PUT", json: { focus } });
      await mutate(kept, { revalidate: false });
      setText(kept.focus ?? "");
      toast(
        kept.focus
          ? {
              title: "Focus saved",
              description: `Your next digests are ordered for: ${kept.focus}`,
              variant: "success",
            }
          : {
              title: "Focus cleared",
              description: "Your digests come newest first again.",
              variant: "success",
            },
      );
    } catch (failure) {
      const message = serverMessage(failure) ?? "Something went wrong. Please try again.";
      setProblem(message);
      toast({ title: "Error saving what you care about", description: message, variant: "error" });
    } finally {
      setBusy(undefined);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void send(text, "save");
  };

  return (
    <form className="stack settings-form" onSubmit={submit} noValidate aria-labelledby="focus-title">
      <p className="settings-note">
        Say in a few words what matters to you: your digest puts those videos first and its week at a glance
        leads with them. Every summary stays the same.
      </p>
      <Field id={FIELD} label="Your focus" hint={HINT} error={problem}>
        <textarea
          id={FIELD}
          className="input focus-input"
          rows={3}
          value={text}
          placeholder="engine design, not news"
          onChange={(event) => setText(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[`${FIELD}-count`, describedBy(FIELD, HINT, problem)].join(" ")}
        />
        <p
          id={`${FIELD}-count`}
          className={length > MAX_FOCUS_CHARS ? "focus-count focus-count-over" : "focus-count"}
        >
          {length}/{MAX_FOCUS_CHARS}
          <span className="visually-hidden"> characters</span>
        </p>
      </Field>
      <div className="settings-actions">
        <Button type="submit" busy={busy === "save"} busyLabel="Saving..." disabled={busy !== undefined}>
          Save Focus
        </Button>
        <Button
          variant="secondary"
          busy={busy === "clear"}
          busyLabel="Clearing..."
          disabled={busy !== undefined || (saved === null && text === "")}
          onClick={() => void send("", "clear")}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
