import { TextField } from "../../../components/field.tsx";

/** The password the account has now, asked before a change that could take the account over. */
export function CurrentPasswordField(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      id={props.id}
      label="Current password"
      type="password"
      autoComplete="current-password"
      value={props.value}
      onChange={(event) => props.onChange(event.target.value)}
      error={props.error}
    />
  );
}
