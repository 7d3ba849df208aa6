import { Link } from "wouter";
import { useCurrentUser } from "../lib/current-user.ts";
import { buttonClass } from "./button.tsx";
import { Logo } from "./logo.tsx";

/** SPEC §2: the logo home, and at right 'Dashboard' for a signed-in user or 'Log In' for a visitor. */
export function Header() {
  const { user, isLoading } = useCurrentUser();
  return (
    <header className="site-header">
      <div className="container header-row">
        <Logo />
        <nav className="header-nav" aria-label="Account">
          {isLoading ? null : user ? (
            <Link href="/dashboard" className={buttonClass("primary")}>
              Dashboard
            </Link>
          ) : (
            <Link href="/login" className={buttonClass("secondary")}>
              Log In
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
