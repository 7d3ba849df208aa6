import { lazy, Suspense } from "react";
import { Link } from "wouter";
import { Logo } from "./logo.tsx";

// Like the header's account, its own chunk with the data layer: who is signed in decides the link.
const FooterAccount = lazy(() => import("./footer-account.tsx"));
const FooterSite = lazy(() => import("./footer-site.tsx"));

/**
 * docs/product.md#header-and-footer: logo, tagline, Log In (for a visitor only: a signed-in reader gets the
 * dashboard there), the copyright line with the current year; the legal pages; and who runs tubedigest with
 * its support address.
 */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-row">
        <div className="footer-brand">
          <Logo />
          <p className="tagline">Your favorite video channels, summarized and delivered to your inbox.</p>
          <Suspense fallback={null}>
            <FooterSite />
          </Suspense>
        </div>
        <nav className="footer-nav" aria-label="Footer">
          <Link href="/terms">Terms</Link>
          <Link href="/privacy">Privacy</Link>
          {/* Last, so the links before it stay where they are when it arrives. */}
          <Suspense fallback={null}>
            <FooterAccount />
          </Suspense>
        </nav>
      </div>
      <div className="container">
        <p className="copyright">© {year} tubedigest</p>
      </div>
    </footer>
  );
}
