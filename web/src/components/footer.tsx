import { Link } from "wouter";
import { Logo } from "./logo.tsx";

/** SPEC §2: logo, tagline, Log In, the copyright line with the current year; and the legal pages. */
export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-row">
        <div className="footer-brand">
          <Logo />
          <p className="tagline">Your favorite video channels, summarized and delivered to your inbox.</p>
        </div>
        <nav className="footer-nav" aria-label="Footer">
          <Link href="/login">Log In</Link>
          <Link href="/terms">Terms</Link>
          <Link href="/privacy">Privacy</Link>
        </nav>
      </div>
      <div className="container">
        <p className="copyright">© {year} tubedigest</p>
      </div>
    </footer>
  );
}
