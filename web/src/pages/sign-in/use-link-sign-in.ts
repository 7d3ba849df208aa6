import { useEffect, useRef, useState } from "react";
import { apiFetch, serverMessage } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";

export type LinkSignIn =
  | { state: "signing-in" }
  | { state: "signed-in"; email: string }
  | { state: "failed"; message: string };

const INVALID_LINK = "This sign-in link is invalid, expired or already used. Please request a new one.";

/**
 * Spends the link's token once (a second try would find it used, strict mode runs effects twice) and
 * takes it out of the address bar, so it is not left in history or handed on in a copied address.
 */
export function useLinkSignIn(): LinkSignIn {
  const { mutate } = useCurrentUser();
  const started = useRef(false);
  const [result, setResult] = useState<LinkSignIn>({ state: "signing-in" });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get("token");
    window.history.replaceState(window.history.state, "", window.location.pathname);
    if (!token) return setResult({ state: "failed", message: INVALID_LINK });
    apiFetch<{ email: string }>("/api/auth/sign-in-with-link", { json: { token } })
      .then(async (account) => {
        await mutate();
        setResult({ state: "signed-in", email: account.email });
      })
      .catch((failure: unknown) =>
        setResult({ state: "failed", message: serverMessage(failure) ?? INVALID_LINK }),
      );
  }, [mutate]);

  return result;
}
