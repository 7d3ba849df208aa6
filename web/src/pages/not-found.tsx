import { Link } from "wouter";
import { buttonClass } from "../components/button.tsx";
import { usePageTitle } from "../lib/use-page-title.ts";

export default function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <section className="not-found container">
      <h1>404 Page Not Found</h1>
      <p className="muted">There is nothing at this address.</p>
      <Link href="/" className={buttonClass("primary")}>
        Back to the home page
      </Link>
    </section>
  );
}
