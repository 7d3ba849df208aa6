import { useCallback, useEffect, useRef, useState } from "react";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";

export type LinkSignIn =
  | { state: "checking" }
  | { state: "confirming"; email: string; busy: boolean }
  | { state: "signed-in"; email: string }
  | { state: "failed"; message: string };

const INVALID_LINK = "This sign-in link is invalid, expired or already used. Please request a new one.";

/**
 * The e-mailed link's sign-in, in two steps: first whose account the link signs into (which leaves the
 * link unused), then, on the person's click, the sign-in that spends it. A link someone else sent thus
 * cannot quietly sign this browser into the sender's account. The token leaves the address bar at once,
 * so it is not left in history or handed on in a copied address; it is kept here for the click.
 */
export function useLinkSignIn(): { result: LinkSignIn; signIn: () => void } {
  const { mutate } = useCurrentUser();
  const token = useRef<string | null>(null);
  const [result, setResult] = useState<LinkSignIn>({ state: "checking" });
  const fail = useCallback(
    (failure: unknown) => setResult({ state: "failed", message: serverMessage(failure) ?? INVALID_LINK }),
    [],
  );

  useEffect(() => {
    // Strict mode runs effects twice; the address bar holds the token only the first time.
    if (token.current !== null) return;
    token.current = new URLSearchParams(window.location.search).get("token") ?? "";
    window.history.replaceState(window.history.state, "", window.location.pathname);
    if (!token.current) return setResult({ state: "failed", message: INVALID_LINK });
    apiFetch<{ email: string }>("/api/auth/sign-in-link/preview", { json: { token: token.current } })
      .then((account) => setResult({ state: "confirming", email: account.email, busy: false }))
      .catch(fail);
  }, [fail]);

  const signIn = useCallback(() => {
    setResult((shown) => (shown.state === "confirming" ? { ...shown, busy: true } : shown));
    apiFetch<{ email: string }>("/api/auth/sign-in-with-link", { json: { token: token.current } })
      .then(async (account) => {
        await mutate();
        setResult({ state: "signed-in", email: account.email });
      })
      .catch(fail);
  }, [mutate, fail]);

  return { result, signIn };
}
