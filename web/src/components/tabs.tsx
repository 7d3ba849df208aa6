import { type KeyboardEvent, type ReactNode, useId, useRef } from "react";

export interface TabItem {
  value: string;
  label: string;
  /** A short fact under the label, part of the tab's name: "3 of 5 channels". */
  detail?: string;
  content: ReactNode;
}

interface TabsProps {
  /** Names the tablist for assistive technology. */
  label: string;
  items: readonly TabItem[];
  value: string;
  onValueChange: (value: string) => void;
}

/** A real tablist: arrow keys, Home and End move between tabs; only the chosen tab's panel is shown. */
export function Tabs({ label, items, value, onValueChange }: TabsProps) {
  const baseId = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const activeIndex = Math.max(
    0,
    items.findIndex((item) => item.value === value),
  );
  const active = items[activeIndex];

  const move = (event: KeyboardEvent) => {
    const last = items.length - 1;
    const next =
      event.key === "ArrowRight"
        ? activeIndex === last
          ? 0
          : activeIndex + 1
        : event.key === "ArrowLeft"
          ? activeIndex === 0
            ? last
            : activeIndex - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    const item = next === null ? undefined : items[next];
    if (next === null || !item) return;
    event.preventDefault();
    onValueChange(item.value);
    tabs.current[next]?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={move}>
        {items.map((item, index) => (
          <button
            key={item.value}
            ref={(element) => {
              tabs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${item.value}`}
            aria-selected={item === active}
            aria-controls={`${baseId}-panel-${item.value}`}
            tabIndex={item === active ? 0 : -1}
            className="tab"
            onClick={() => onValueChange(item.value)}
          >
            <span className="tab-label">{item.label}</span>
            {item.detail ? <span className="tab-detail">{item.detail}</span> : null}
          </button>
        ))}
      </div>
      {active ? (
        <div
          role="tabpanel"
          id={`${baseId}-panel-${active.value}`}
          aria-labelledby={`${baseId}-tab-${active.value}`}
          className="tab-panel"
        >
          {active.content}
        </div>
      ) : null}
    </div>
  );
}
