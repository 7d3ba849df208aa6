import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError, apiFetch, serverMessage } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import {
  forgetLinkToken,
  recallLinkOutcome,
  rememberLinkOutcome,
  takeLinkToken,
} from "../../lib/link-page.ts";

export type PasswordReset =
  | { state: "checking" }
  /** The link is good: the page asks for the new password, for the address shown. */
  | { state: "choosing"; email: string; busy: boolean; problem?: string }
  | { state: "done"; email: string; message: string }
  | { state: "failed"; message: string };

const INVALID_LINK =
  "This password reset link is invalid, expired or already used. Please ask for a new one.";
const TOO_SHORT = "Password must be at least 8 characters";

/**
 * The reset link's page: first whose password the link sets (which leaves the link unused, so a mail
 * scanner spends nothing), then the new password, which spends it and signs this browser in. The token
 * leaves the address bar at once (link-page.ts).
 */
export function usePasswordReset(): { result: PasswordReset; choose: (password: string) => void } {
  const { mutate } = useCurrentUser();
  const token = useRef<string | null>(null);
  const [result, setResult] = useState<PasswordReset>({ state: "checking" });
  const fail = useCallback((failure: unknown) => {
    // A refused link stays refused; after an outage (5xx) a reload tries it again.
    if (failure instanceof ApiError && failure.status < 500) forgetLinkToken("reset-password");
    setResult({ state: "failed", message: serverMessage(failure) ?? INVALID_LINK });
  }, []);

  useEffect(() => {
    // Strict mode runs effects twice; the address bar holds the token only the first time.
    if (token.current !== null) return;
    token.current = takeLinkToken("reset-password");
    if (!token.current) {
      return setResult(
        recallLinkOutcome<PasswordReset>("reset-password") ?? { state: "failed", message: INVALID_LINK },
      );
    }
    apiFetch<{ email: string }>("/api/auth/password-reset/preview", { json: { token: token.current } })
      .then((account) => setResult({ state: "choosing", email: account.email, busy: false }))
      .catch(fail);
  }, [fail]);

  const choose = useCallback(
    (newPassword: string) => {
      if (result.state !== "choosing") return;
      if (newPassword.length < 8) return setResult({ ...result, problem: TOO_SHORT });
      setResult({ ...result, busy: true, problem: undefined });
      apiFetch<{ message: string }>("/api/auth/reset-password", {
        json: { token: token.current, newPassword },
      })
        .then(async (reply) => {
          await mutate();
          const done = { state: "done", email: result.email, message: reply.message } as const;
          rememberLinkOutcome("reset-password", done);
          setResult(done);
        })
        .catch((failure: unknown) => {
          // A password the server refuses (too long, a control character) is said under the field.
          if (failure instanceof ApiError && failure.status === 400) {
            setResult({ ...result, busy: false, problem: serverMessage(failure) ?? TOO_SHORT });
          } else fail(failure);
        });
    },
    [result, mutate, fail],
  );

  return { result, choose };
}
