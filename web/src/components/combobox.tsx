import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import "./combobox.css";

export interface ComboboxOption {
  value: string;
  label: string;
  /** A word beside the label, part of what is read out: "Suggested". */
  note?: string;
}

interface ComboboxProps {
  id: string;
  options: readonly ComboboxOption[];
  value: string;
  onChange: (value: string) => void;
  /** The options for what was typed. */
  filter: (typed: string) => readonly ComboboxOption[];
  /** Names the list for assistive technology: "Time zones". */
  listLabel: string;
  /** Said when nothing matches: `${noMatch} "${typed}"`. */
  noMatch: string;
  describedBy?: string;
  invalid?: boolean;
}

const PAGE = 10;

/**
 * A text box that filters a long list to choose one value from (the WAI-ARIA combobox pattern with a
 * listbox popup). Typing filters; the arrow keys, Page Up and Page Down move through the list, Enter or a
 * click chooses, Escape or leaving the box closes it and shows the chosen value again. Only a choice from
 * the list changes the value: whatever else was typed is dropped.
 */
export function Combobox({
  id,
  options,
  value,
  onChange,
  filter,
  listLabel,
  noMatch,
  describedBy,
  invalid,
}: ComboboxProps) {
  const listId = `${useId()}-list`;
  const selected = options.find((option) => option.value === value);
  // null while nothing is typed: the box shows the chosen value and the list holds everything.
  const [typed, setTyped] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => (typed === null ? options : filter(typed)), [typed, options, filter]);
  const expanded = open && shown.length > 0;
  const optionId = (index: number) => `${listId}-${index}`;

  // The active option stays in sight as the keys move it.
  useEffect(() => {
    if (!expanded || active < 0) return;
    list.current?.querySelector(`#${CSS.escape(optionId(active))}`)?.scrollIntoView({ block: "nearest" });
  });

  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };
  const close = () => {
    setOpen(false);
    setTyped(null);
    setActive(-1);
  };
  const choose = (option: ComboboxOption | undefined) => {
    if (option) onChange(option.value);
    close();
  };
  const selectedIndex = () => Math.max(0, shown.indexOf(selected as ComboboxOption));

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = shown.length - 1;
    const move = (index: number) => {
      event.preventDefault();
      if (!open) return openAt(selectedIndex());
      setActive(Math.min(last, Math.max(0, index)));
    };
    if (event.key === "ArrowDown") return move(active + 1);
    if (event.key === "ArrowUp") return move(active - 1);
    if (event.key === "PageDown") return move(active + PAGE);
    if (event.key === "PageUp") return move(active - PAGE);
    if (event.key === "Enter" && expanded && active >= 0) {
      // Chooses rather than sending the form the box is in.
      event.preventDefault();
      return choose(shown[active]);
    }
    if (event.key === "Escape" && (open || typed !== null)) {
      event.preventDefault();
      return close();
    }
  };

  const count = shown.length;
  const status = !open
    ? ""
    : count === 0
      ? `${noMatch} "${typed ?? ""}"`
      : `${count} ${count === 1 ? "result" : "results"}`;

  return (
    <div className="combobox">
      <input
        id={id}
        className="input combobox-input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        value={typed ?? selected?.label ?? value}
        onChange={(event) => {
          setTyped(event.target.value);
          openAt(event.target.value.trim() === "" ? -1 : 0);
        }}
        onClick={() => (open ? undefined : openAt(selectedIndex()))}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <div
        ref={list}
        id={listId}
        role="listbox"
        aria-label={listLabel}
        className="combobox-list"
        hidden={!expanded}
      >
        {expanded
          ? shown.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the text box's, which points at the option it is on (aria-activedescendant)
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                tabIndex={-1}
                // The option the keys are on is the selected one while the list is open; the chosen
                // value is marked by its look.
                aria-selected={index === active}
                className={[
                  "combobox-option",
                  index === active ? "combobox-option-active" : "",
                  option.value === value ? "combobox-option-chosen" : "",
                ].join(" ")}
                // Keeps the focus in the box, so choosing does not first blur (and close) it.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
              >
                {option.label}
                {option.note ? <span className="combobox-note"> · {option.note}</span> : null}
              </div>
            ))
          : null}
      </div>
      {/* Seen; heard through the status below. */}
      {open && count === 0 ? (
        <p className="combobox-empty" aria-hidden="true">
          {status}
        </p>
      ) : null}
      <span className="visually-hidden" role="status">
        {status}
      </span>
    </div>
  );
}
