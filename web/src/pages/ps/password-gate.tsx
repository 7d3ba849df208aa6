import { type FormEvent, useState } from "react";
import { Button } from "../../components/button.tsx";
import { TextField } from "../../components/field.tsx";
import { INCORRECT_PASSWORD, isUnavailable, passwordAccepted, toolErrorText } from "./tool-request.ts";

/** The lock on /ps: the password is checked by the server and handed up only when it holds. */
export function PasswordGate({ onUnlock }: { onUnlock: (password: string) => void }) {
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  // The tool switched off on this server is news about the site, not a mistake in what was typed.
  const [unavailable, setUnavailable] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length === 0) return setError(INCORRECT_PASSWORD);
    setBusy(true);
    setUnavailable(undefined);
    try {
      if (await passwordAccepted(password)) return onUnlock(password);
      setError(INCORRECT_PASSWORD);
    } catch (failure) {
      setError(undefined);
      if (isUnavailable(failure)) setUnavailable(toolErrorText(failure));
      else setError(toolErrorText(failure));
    }
    setBusy(false);
  };

  return (
    <>
      <div role="status">{unavailable ? <p className="notice ps-unavailable">{unavailable}</p> : null}</div>
      <form className="stack" onSubmit={submit} noValidate>
        <TextField
          id="ps-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error}
        />
        <Button type="submit" busy={busy} busyLabel="Checking...">
          Unlock
        </Button>
      </form>
    </>
  );
}
