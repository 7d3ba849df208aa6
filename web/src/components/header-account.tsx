import { Link } from "wouter";
import { useCurrentUser } from "../lib/current-user.ts";
import { buttonClass } from "./button.tsx";

/** SPEC §2: 'Dashboard' for a signed-in user, 'Log In' for a visitor; nothing while that is not known. */
export default function HeaderAccount() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  return user ? (
    <Link href="/dashboard" className={buttonClass("primary")}>
      Dashboard
    </Link>
  ) : (
    <Link href="/login" className={buttonClass("secondary")}>
      Log In
    </Link>
  );
}
