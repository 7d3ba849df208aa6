import { useSWRConfig } from "swr";
import { useLocation } from "wouter";
import { apiFetch } from "./api.ts";
import { CURRENT_USER_PATH } from "./current-user.ts";
import { forgetFunnel } from "./session-state.ts";

export const LOGOUT_PATH = "/api/auth/logout";

/**
 * Signing out: the server ends the session (and the browser's claim), then this browser forgets the
 * account — everything the data hooks hold about it, and the e-mail the funnel kept, so no screen signs
 * it in again by that e-mail — and the reader is back on the landing page as a visitor. Rejects when the
 * server could not be asked; nothing is forgotten then.
 */
export function useSignOut(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  const [, navigate] = useLocation();
  return async () => {
    await apiFetch(LOGOUT_PATH, { method: "POST" });
    forgetFunnel();
    navigate("/");
    await mutate(() => true, undefined, { revalidate: false });
    await mutate(CURRENT_USER_PATH, null, { revalidate: false });
  };
}
