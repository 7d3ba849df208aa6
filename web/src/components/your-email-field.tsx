import type { ChangeEvent, ReactNode } from "react";
import { EmailField } from "./field.tsx";

interface YourEmailFieldProps {
  id: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  error: ReactNode;
  hint?: ReactNode;
}

/** The visitor's own address, asked the same way wherever the funnel needs it. */
export function YourEmailField(props: YourEmailFieldProps) {
  return <EmailField {...props} label="Your email address" placeholder="you@example.com" />;
}
