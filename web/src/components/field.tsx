import type { InputHTMLAttributes, ReactNode } from "react";

/** The ids a control names in aria-describedby for its field's hint and error. */
export function describedBy(id: string, hint?: ReactNode, error?: ReactNode): string | undefined {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
  /** The control, with `id` and `aria-describedby={describedBy(id, hint, error)}`. */
  children: ReactNode;
}

/** A labelled control with its hint and error underneath. */
export function Field({ id, label, hint, error, children }: FieldProps) {
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: ReactNode;
}

/** A Field holding a text input, wired to its hint and error. */
export function TextField({ id, label, hint, error, className, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <input
        {...input}
        id={id}
        className={["input", className].filter(Boolean).join(" ")}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
      />
    </Field>
  );
}

/** A TextField for one e-mail address: the e-mail keyboard and the browser's saved address. */
export function EmailField(props: Omit<TextFieldProps, "type" | "autoComplete" | "inputMode">) {
  return <TextField {...props} type="email" autoComplete="email" inputMode="email" />;
}
