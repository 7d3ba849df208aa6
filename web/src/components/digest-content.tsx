import { Markdown } from "./markdown.tsx";

interface DigestContentProps {
  /** The digest's body as the server composed it (markdown). */
  markdown: string;
  /** How many levels its headings go down, to sit under the page's own (its "#" becomes h1 + this). */
  headingOffset: number;
  className?: string;
}

/**
 * A weekly digest's content as the e-mail shows it: the one renderer of digest content, so the landing
 * page's sample and the preview's mock inbox show a digest alike.
 */
export function DigestContent({ markdown, headingOffset, className }: DigestContentProps) {
  return (
    <Markdown
      source={markdown}
      headingOffset={headingOffset}
      className={["digest-content", className].filter(Boolean).join(" ")}
    />
  );
}
