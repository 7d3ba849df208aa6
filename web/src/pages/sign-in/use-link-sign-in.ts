import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, apiFetch, serverMessage } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import {
  forgetLinkToken,
  recallLinkOutcome,
  rememberLinkOutcome,
  takeLinkToken,
} from "../../lib/link-page.ts";
import { takeResumeAfterSignIn } from "../../lib/session-state.ts";

export type LinkSignIn =
  | { state: "checking" }
  | { state: "confirming"; email: string; busy: boolean }
  /** `next`: where a flow that asked for the link goes on (checkout for the plan chosen). */
  | { state: "signed-in"; email: string; next?: string | undefined }
  | { state: "failed"; message: string };

const INVALID_LINK = "This sign-in link is invalid, expired or already used. Please request a new one.";

/**
 * The e-mailed link's sign-in, in two steps: first whose account the link signs into (which leaves the
 * link unused), then, on the person's click, the sign-in that spends it. A link someone else sent thus
 * cannot quietly sign this browser into the sender's account. The token leaves the address bar at once
 * (link-page.ts); a reload shows the question again, or the signed-in state once the link was used.
 */
export function useLinkSignIn(): { result: LinkSignIn; signIn: () => void } {
  const { mutate } = useCurrentUser();
  const token = useRef<string | null>(null);
  const [result, setResult] = useState<LinkSignIn>({ state: "checking" });
  const fail = useCallback((failure: unknown) => {
    // A refused link stays refused; after an outage (5xx) a reload tries it again.
    if (failure instanceof ApiError && failure.status < 500) forgetLinkToken("sign-in-link");
    setResult({ state: "failed", message: serverMessage(failure) ?? INVALID_LINK });
  }, []);

  useEffect(() => {
    // Strict mode runs effects twice; the address bar holds the token only the first time.
    if (token.current !== null) return;
    token.current = takeLinkToken("sign-in-link");
    if (!token.current) {
      return setResult(
        recallLinkOutcome<LinkSignIn>("sign-in-link") ?? { state: "failed", message: INVALID_LINK },
      );
    }
    apiFetch<{ email: string }>("/api/auth/sign-in-link/preview", { json: { token: token.current } })
      .then((account) => setResult({ state: "confirming", email: account.email, busy: false }))
      .catch(fail);
  }, [fail]);

  const signIn = useCallback(() => {
    setResult((shown) => (shown.state === "confirming" ? { ...shown, busy: true } : shown));
    apiFetch<{ email: string }>("/api/auth/sign-in-with-link", { json: { token: token.current } })
      .then(async (account) => {
        await mutate();
        const signedIn = { state: "signed-in", email: account.email, next: takeResumeAfterSignIn() } as const;
        rememberLinkOutcome("sign-in-link", signedIn);
        setResult(signedIn);
      })
      .catch(fail);
  }, [mutate, fail]);

  return { result, signIn };
}
