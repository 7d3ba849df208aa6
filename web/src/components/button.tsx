import type { ButtonHTMLAttributes } from "react";
import { Spinner } from "./spinner.tsx";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "destructive";

/** The class list of a button's look, for links that act as buttons. */
export function buttonClass(variant: ButtonVariant = "primary", extra?: string): string {
  return ["button", `button-${variant}`, extra].filter(Boolean).join(" ");
}

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  /**
   * While true the button is disabled and shows `busyLabel` (the '…ing' texts of docs/product.md#the-look).
   */
  busy?: boolean;
  busyLabel?: string;
}

export function Button({
  variant = "primary",
  busy = false,
  busyLabel,
  className,
  disabled,
  children,
  type = "button",
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={buttonClass(variant, className)}
      disabled={disabled || busy}
      aria-busy={busy || undefined}
    >
      {busy ? <Spinner /> : null}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
