import { Link } from "wouter";
import { Logo } from "./logo.tsx";

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer">
      <div className="container footer-row">
        <div className="footer-brand">
          <Logo />
          <p className="tagline">Your favorite video channels, summarized and delivered to your inbox.</p>
        </div>
        <nav className="footer-nav">
          <Link href="/login">Log In</Link>
        </nav>
      </div>
      <div className="container">
        <p className="copyright">© {year} tubedigest</p>
      </div>
    </footer>
  );
}
