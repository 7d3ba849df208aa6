import { Link } from "wouter";

export function NotFoundPage() {
  return (
    <section className="not-found container">
      <h1>404 Page Not Found</h1>
      <p>
        <Link href="/">Back to the home page</Link>
      </p>
    </section>
  );
}
