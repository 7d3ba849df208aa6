import { useEffect, useRef } from "react";
import { apiFetch } from "../../lib/api.ts";
import { abandonmentRecentlySent, markAbandonmentSent, readSelectedPlan } from "../../lib/session-state.ts";

const ABANDONMENT_PATH = "/api/send-abandonment-email";

/** The abandonment payload (docs/product.md#data-shapes). */
export interface AbandonmentRequest {
  email: string;
  channelName: string | null;
  summaryBullets: string[];
}

/** Whether leaving now should ask for the e-mail: not after a plan was chosen, not twice in 7 days. */
function shouldAsk(request: AbandonmentRequest): boolean {
  return readSelectedPlan() === null && !abandonmentRecentlySent(request.email);
}

/**
 * The abandonment request (docs/product.md#states-and-transitions), once a preview is shown: a beacon when
 * the tab is closed or hidden (a normal request would be cancelled with the page), a normal request when the
 * visitor moves to another screen of the app (this component unmounts). Pass null until the preview is shown.
 */
export function useAbandonmentOnLeave(request: AbandonmentRequest | null): void {
  // The latest payload, read when the visitor leaves; the listeners are set up once per visit.
  const latest = useRef(request);
  latest.current = request;

  useEffect(() => {
    const onHidden = () => {
      const pending = latest.current;
      if (!pending || !shouldAsk(pending)) return;
      const body = new Blob([JSON.stringify(pending)], { type: "application/json" });
      if (navigator.sendBeacon(ABANDONMENT_PATH, body)) markAbandonmentSent(pending.email);
    };
    const onVisibility = () => {
      if (document.visibilityState === "hidden") onHidden();
    };
    window.addEventListener("pagehide", onHidden);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      window.removeEventListener("pagehide", onHidden);
      document.removeEventListener("visibilitychange", onVisibility);
      const pending = latest.current;
      if (!pending || !shouldAsk(pending)) return;
      apiFetch(ABANDONMENT_PATH, { json: pending, keepalive: true })
        .then(() => markAbandonmentSent(pending.email))
        .catch((error: unknown) => {
          // Failures are only logged (docs/product.md#api); the visitor has moved on.
          console.warn("The abandonment e-mail could not be requested.", error);
        });
    };
  }, []);
}
