import { useEffect, useRef, useState } from "react";
import { ApiError, apiFetch, serverMessage } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";

export type EmailConfirmation =
  | { state: "confirming" }
  | { state: "confirmed"; email: string; message: string }
  /** The link is spent, expired or not one (a new one is asked for in settings). */
  | { state: "invalid"; message: string }
  /** Another account took the address meanwhile: the account keeps its own. */
  | { state: "taken"; message: string };

const INVALID_LINK =
  "This confirmation link is invalid, expired or already used. Please ask for a new one in your settings.";

/**
 * Spends the link mailed to a new address as the page opens: following it is the confirmation, and the
 * link works only for the mailbox it was sent to. The token leaves the address bar at once, so it is
 * neither kept in history nor handed on with a copied address.
 */
export function useEmailConfirmation(): EmailConfirmation {
  const { mutate } = useCurrentUser();
  const token = useRef<string | null>(null);
  const [result, setResult] = useState<EmailConfirmation>({ state: "confirming" });

  useEffect(() => {
    // Strict mode runs effects twice; the address bar holds the token only the first time.
    if (token.current !== null) return;
    token.current = new URLSearchParams(window.location.search).get("token") ?? "";
    window.history.replaceState(window.history.state, "", window.location.pathname);
    if (!token.current) return setResult({ state: "invalid", message: INVALID_LINK });
    apiFetch<{ email: string; message: string }>("/api/user/email/confirm", {
      json: { token: token.current },
    })
      .then((moved) => {
        setResult({ state: "confirmed", ...moved });
        // A browser signed in to the account shows the new address everywhere.
        void mutate();
      })
      .catch((failure: unknown) => {
        const message = serverMessage(failure) ?? INVALID_LINK;
        const taken = failure instanceof ApiError && failure.status === 409;
        setResult({ state: taken ? "taken" : "invalid", message });
      });
  }, [mutate]);

  return result;
}
