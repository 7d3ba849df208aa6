import { useEffect, useState } from "react";
import { Button } from "./button.tsx";
import { useToast } from "./toast.tsx";

const COPIED_MS = 2000;

/**
 * Copies `text`; the button reads 'Copied!' for 2 seconds afterwards (docs/product.md#limits-and-timings).
 * `what` names the text in the message shown when the browser refuses.
 */
export function CopyButton({
  text,
  what = "summary",
  label = "Copy",
}: {
  text: string;
  what?: string;
  label?: string;
}) {
  const toast = useToast();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      toast({
        title: "Copy failed",
        description: `Select the ${what} and copy it by hand.`,
        variant: "error",
      });
    }
  };

  return (
    <Button variant="secondary" onClick={copy} aria-live="polite">
      {copied ? "Copied!" : label}
    </Button>
  );
}
