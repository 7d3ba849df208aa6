import { type FormEvent, useState } from "react";
import { Link } from "wouter";
import { Button, buttonClass } from "../../components/button.tsx";
import { YourEmailField } from "../../components/your-email-field.tsx";
import { INVALID_EMAIL_MESSAGE, isValidEmail } from "../../lib/validation.ts";

interface PreviewEmailFormProps {
  onEmail(email: string): void;
}

/**
 * The way on when the preview's channel is known (an e-mail's link back) but no address is: this tab has
 * no funnel memory and nobody is signed in. The address is only where the mock inbox says it lands.
 */
export function PreviewEmailForm({ onEmail }: PreviewEmailFormProps) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setError(INVALID_EMAIL_MESSAGE);
      return;
    }
    onEmail(email.trim());
  };
  return (
    <section className="container preview-state">
      <h1>Your Newsletter Preview</h1>
      <p>Enter the e-mail address you signed up with to see your preview again.</p>
      <form className="preview-email" onSubmit={submit} noValidate>
        <YourEmailField
          id="preview-email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error}
        />
        <Button type="submit">Show My Preview</Button>
      </form>
      <Link className={buttonClass("ghost")} href="/">
        Choose another channel
      </Link>
    </section>
  );
}
