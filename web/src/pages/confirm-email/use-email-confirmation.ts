import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, apiFetch, serverMessage } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import {
  forgetLinkToken,
  recallLinkOutcome,
  rememberLinkOutcome,
  takeLinkToken,
} from "../../lib/link-page.ts";

export type EmailConfirmation =
  | { state: "checking" }
  /** The link is good: the page shows the new address and waits for the person's click. */
  | { state: "confirming"; email: string; busy: boolean }
  | { state: "confirmed"; email: string; message: string }
  /** The link is spent, expired or not one (a new one is asked for in settings). */
  | { state: "invalid"; message: string }
  /** Another account took the address meanwhile: the account keeps its own. */
  | { state: "taken"; message: string };

const INVALID_LINK =
  "This confirmation link is invalid, expired or already used. Please ask for a new one in your settings.";

/**
 * The link mailed to a new address, in two steps: first the address it would move the account to (which
 * leaves the link unused), then, on the person's click, the move that spends it. A mail scanner or a
 * preview opening the link thus moves nothing. The token leaves the address bar at once (link-page.ts); a
 * reload shows the question again, or the done state once the move was made.
 */
export function useEmailConfirmation(): { result: EmailConfirmation; confirm: () => void } {
  const { mutate } = useCurrentUser();
  const token = useRef<string | null>(null);
  const [result, setResult] = useState<EmailConfirmation>({ state: "checking" });
  const fail = useCallback((failure: unknown) => {
    const message = serverMessage(failure) ?? INVALID_LINK;
    const taken = failure instanceof ApiError && failure.status === 409;
    // A refused link stays refused; after an outage (5xx) a reload tries it again.
    if (failure instanceof ApiError && failure.status < 500) forgetLinkToken("confirm-email");
    setResult({ state: taken ? "taken" : "invalid", message });
  }, []);

  useEffect(() => {
    // Strict mode runs effects twice; the address bar holds the token only the first time.
    if (token.current !== null) return;
    token.current = takeLinkToken("confirm-email");
    if (!token.current) {
      return setResult(
        recallLinkOutcome<EmailConfirmation>("confirm-email") ?? { state: "invalid", message: INVALID_LINK },
      );
    }
    apiFetch<{ email: string }>("/api/user/email/confirm/preview", { json: { token: token.current } })
      .then((move) => setResult({ state: "confirming", email: move.email, busy: false }))
      .catch(fail);
  }, [fail]);

  const confirm = useCallback(() => {
    setResult((shown) => (shown.state === "confirming" ? { ...shown, busy: true } : shown));
    apiFetch<{ email: string; message: string }>("/api/user/email/confirm", {
      json: { token: token.current },
    })
      .then((moved) => {
        const confirmed = { state: "confirmed", ...moved } as const;
        rememberLinkOutcome("confirm-email", confirmed);
        setResult(confirmed);
        // A browser signed in to the account shows the new address everywhere.
        void mutate();
      })
      .catch(fail);
  }, [mutate, fail]);

  return { result, confirm };
}
