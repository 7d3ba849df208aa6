import { useCurrentUser } from "../lib/current-user.ts";
import { AccountMenu } from "./account-menu.tsx";
import { VisitorActions } from "./visitor-actions.tsx";

/**
 * The header's right side: the account menu for a signed-in user (never 'Log In' then), 'Log In' and
 * 'Get started' for a visitor; nothing while that is not known, or when asking failed (a signed-in reader
 * must not be offered 'Log In' because the server was briefly away).
 */
export default function HeaderAccount() {
  const { user } = useCurrentUser();
  if (user === undefined) return null;
  return user ? <AccountMenu user={user} /> : <VisitorActions />;
}
