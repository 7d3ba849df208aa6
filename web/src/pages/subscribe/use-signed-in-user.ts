import { useEffect, useRef, useState } from "react";
import { apiFetch } from "../../lib/api.ts";
import { useCurrentUser } from "../../lib/current-user.ts";
import { readUserEmail } from "../../lib/session-state.ts";

/**
 * The current user, after SPEC §2's one automatic login with the e-mail kept in session storage when
 * nobody is signed in. `user` stays undefined while loading or trying.
 */
export function useSignedInUser() {
  const { user, mutate } = useCurrentUser();
  const tried = useRef(false);
  const [trying, setTrying] = useState(false);

  useEffect(() => {
    const email = readUserEmail();
    if (user !== null || !email || tried.current) return;
    tried.current = true;
    setTrying(true);
    apiFetch("/api/auth/login-with-email", { json: { email } })
      .then(() => mutate())
      // No claim in this browser, or no account: the screen then asks to sign in.
      .catch(() => undefined)
      .finally(() => setTrying(false));
  }, [user, mutate]);

  const pending =
    user === undefined || trying || (user === null && !tried.current && readUserEmail() !== null);
  return { user: pending ? undefined : user };
}
