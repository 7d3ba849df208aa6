import { type FormEvent, type ReactNode, useState } from "react";
import { apiFetch, serverMessage } from "../lib/api.ts";
import { readUserEmail } from "../lib/session-state.ts";
import { usePageTitle } from "../lib/use-page-title.ts";
import { INVALID_EMAIL_MESSAGE, isValidEmail } from "../lib/validation.ts";
import { Button } from "./button.tsx";
import { Card } from "./card.tsx";
import { EmailField } from "./field.tsx";
import { useToast } from "./toast.tsx";

/**
 * A page that mails a link to the address typed (a sign-in link, a password reset): the server's answer is
 * the same whether or not the address has an account, so the page says only that, and what to do next.
 */
export function MailedLinkRequest(props: {
  title: string;
  /** Where the request goes: it answers 202 `{ message }` for any address. */
  path: string;
  intro: string;
  /** What to do with the mail once it comes. */
  afterSending: string;
  buttonLabel: string;
  fieldId: string;
  footer: ReactNode;
}) {
  usePageTitle(props.title);
  const toast = useToast();
  const [email, setEmail] = useState(() => readUserEmail() ?? "");
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isValidEmail(email)) return setProblem(INVALID_EMAIL_MESSAGE);
    setProblem(undefined);
    setBusy(true);
    try {
      const reply = await apiFetch<{ message: string }>(props.path, { json: { email: email.trim() } });
      setSent(reply.message);
    } catch (failure) {
      toast({
        title: "Could not send the link",
        description: serverMessage(failure) ?? "Something went wrong. Please try again.",
        variant: "error",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="container auth-page">
      <Card className="auth-card stack">
        <h1 className="auth-title">{props.title}</h1>
        {sent ? (
          <div className="stack" role="status">
            <p className="notice">{sent}</p>
            <p>{props.afterSending}</p>
            <Button variant="ghost" onClick={() => setSent(undefined)}>
              Use another address
            </Button>
          </div>
        ) : (
          <form className="stack" onSubmit={submit} noValidate>
            <p className="muted">{props.intro}</p>
            <EmailField
              id={props.fieldId}
              label="Email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={problem}
            />
            <Button type="submit" className="button-block" busy={busy} busyLabel="Sending...">
              {props.buttonLabel}
            </Button>
          </form>
        )}
        <p className="auth-switch">{props.footer}</p>
      </Card>
    </section>
  );
}
