import { lazy, Suspense } from "react";
import { Logo } from "./logo.tsx";

// Its own chunk with the data layer, fetched beside the page rather than before it: the landing page
// shows its content without waiting for who is signed in (docs/performance.md).
const HeaderAccount = lazy(() => import("./header-account.tsx"));

/**
 * docs/product.md#header-and-footer: the logo home, and at right the account's links, in a space kept for
 * them while they load.
 */
export function Header() {
  return (
    <header className="site-header">
      <div className="container header-row">
        <Logo />
        <nav className="header-nav" aria-label="Account">
          <Suspense fallback={null}>
            <HeaderAccount />
          </Suspense>
        </nav>
      </div>
    </header>
  );
}
