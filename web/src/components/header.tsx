import { Link } from "wouter";
import { useCurrentUser } from "../api.ts";
import { Logo } from "./logo.tsx";

export function Header() {
  const { user, isLoading } = useCurrentUser();
  return (
    <header className="site-header">
      <div className="container header-row">
        <Logo />
        <nav className="header-nav">
          {isLoading ? null : user ? (
            <Link href="/dashboard" className="button">
              Dashboard
            </Link>
          ) : (
            <Link href="/login" className="button">
              Log In
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
