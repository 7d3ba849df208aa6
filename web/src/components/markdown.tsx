import ReactMarkdown, { type Components } from "react-markdown";

// Links in summaries lead to videos on another site: a new tab, and no referrer or opener handed over.
const components: Components = {
  a: ({ node: _node, ...props }) => <a {...props} target="_blank" rel="noopener noreferrer" />,
};

/** Markdown from the server shown as text and formatting only: raw HTML in it is dropped, never run. */
export function Markdown({ source, className }: { source: string; className?: string }) {
  return (
    <div className={["markdown", className].filter(Boolean).join(" ")}>
      <ReactMarkdown skipHtml components={components}>
        {source}
      </ReactMarkdown>
    </div>
  );
}
