import { useEffect, useRef, useState } from "react";
import { apiFetch } from "./api.ts";
import { type CurrentUser, useCurrentUser } from "./current-user.ts";
import { readUserEmail } from "./session-state.ts";

export const LOGIN_WITH_EMAIL_PATH = "/api/auth/login-with-email";

/**
 * The current user of a signed-in-only screen (/dashboard, /settings, /subscribe), after the one
 * automatic login with the e-mail the landing page kept in session storage when nobody is signed in.
 * `user` stays undefined while loading or trying, so the screen shows its spinner rather than flashing
 * 'Authentication Required' before the attempt; null means nobody is signed in after it.
 */
export function useAutoLogin(): { user: CurrentUser | null | undefined; mutate: () => Promise<unknown> } {
  const { user, mutate } = useCurrentUser();
  // A ref, not state: one attempt per screen visit even when the effect runs again (strict mode).
  const tried = useRef(false);
  const [trying, setTrying] = useState(false);

  useEffect(() => {
    if (user !== null || tried.current) return;
    const email = readUserEmail();
    if (!email) return;
    tried.current = true;
    setTrying(true);
    apiFetch(LOGIN_WITH_EMAIL_PATH, { json: { email } })
      .then(() => mutate())
      // No claim in this browser or no such account: the screen then asks to sign in.
      .catch(() => undefined)
      .finally(() => setTrying(false));
  }, [user, mutate]);

  // Also pending in the render between learning there is no user and the effect starting the attempt.
  const attemptDue = user === null && !tried.current && readUserEmail() !== null;
  return { user: user === undefined || trying || attemptDue ? undefined : user, mutate };
}
