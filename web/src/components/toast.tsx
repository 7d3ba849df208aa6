import { createContext, type ReactNode, useCallback, useContext, useEffect, useState } from "react";

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: "success" | "error" | "info";
  /** One thing to do about it while the toast shows: undo what was just done, say. */
  action?: { label: string; onClick: () => void };
}

type ShowToast = (toast: ToastMessage) => void;

const ToastContext = createContext<ShowToast | null>(null);

const TOAST_MS = 5000;

/**
 * One toast at a time for 5 seconds (docs/product.md#success-messages): a new one replaces the old. Both live
 * regions are in the page from the start so assistive technology announces what appears in them; errors
 * interrupt (alert).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<(ToastMessage & { key: number }) | null>(null);
  const show = useCallback<ShowToast>(
    (toast) => setCurrent({ ...toast, key: Date.now() + Math.random() }),
    [],
  );

  useEffect(() => {
    if (!current) return;
    const timer = setTimeout(() => setCurrent(null), TOAST_MS);
    return () => clearTimeout(timer);
  }, [current]);

  const isError = current?.variant === "error";
  const toast = current && (
    <div key={current.key} className={`toast toast-${current.variant ?? "info"}`}>
      <div className="toast-text">
        <p className="toast-title">{current.title}</p>
        {current.description ? <p className="toast-description">{current.description}</p> : null}
      </div>
      {current.action ? (
        <button
          type="button"
          className="toast-action"
          onClick={() => {
            current.action?.onClick();
            setCurrent(null);
          }}
        >
          {current.action.label}
        </button>
      ) : null}
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => setCurrent(null)}>
        ×
      </button>
    </div>
  );

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div className="toast-viewport">
        <div role="status" aria-live="polite">
          {isError ? null : toast}
        </div>
        <div role="alert" aria-live="assertive">
          {isError ? toast : null}
        </div>
      </div>
    </ToastContext.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error("useToast needs a <ToastProvider> above it");
  return show;
}
