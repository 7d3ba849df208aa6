import { Link } from "wouter";
import { useCurrentUser } from "../lib/current-user.ts";
import { buttonClass } from "./button.tsx";
import { VisitorActions } from "./visitor-actions.tsx";

/** SPEC §2: 'Dashboard' for a signed-in user; a visitor's 'Log In' and 'Get started'; nothing while that is not known. */
export default function HeaderAccount() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return null;
  return user ? (
    <Link href="/dashboard" className={buttonClass("primary")}>
      Dashboard
    </Link>
  ) : (
    <VisitorActions />
  );
}
