import { Link } from "wouter";

export function Logo() {
  return (
    <Link href="/" className="logo" aria-label="tubedigest home">
      <svg className="logo-mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" />
        <path d="M12 9.5v13l11-6.5z" />
      </svg>
      <span>tubedigest</span>
    </Link>
  );
}
