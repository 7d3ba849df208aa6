import ReactMarkdown, { type Components } from "react-markdown";

// Links in summaries lead to videos on another site: a new tab, and no referrer or opener handed over.
const link: Components["a"] = ({ node: _node, ...props }) => (
  <a {...props} target="_blank" rel="noopener noreferrer" />
);

const HEADINGS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;
const componentsByOffset = new Map<number, Components>();

/**
 * The renderers for a document placed under the page's own headings: its "#" becomes h(1 + offset), and
 * so on down, so the page's outline stays in order. Made once per offset, so React keeps the elements.
 */
function componentsFor(headingOffset: number): Components {
  let components = componentsByOffset.get(headingOffset);
  if (!components) {
    components = { a: link };
    for (const [level, tag] of HEADINGS.entries()) {
      const Shifted = HEADINGS[Math.min(level + headingOffset, HEADINGS.length - 1)] ?? "h6";
      components[tag] = ({ node: _node, ...props }) => <Shifted {...props} />;
    }
    componentsByOffset.set(headingOffset, components);
  }
  return components;
}

/** Markdown from the server shown as text and formatting only: raw HTML in it is dropped, never run. */
export function Markdown({
  source,
  className,
  headingOffset = 0,
}: {
  source: string;
  className?: string;
  /** How many levels the document's headings go down, to sit under the page's own. */
  headingOffset?: number;
}) {
  return (
    <div className={["markdown", className].filter(Boolean).join(" ")}>
      <ReactMarkdown skipHtml components={componentsFor(headingOffset)}>
        {source}
      </ReactMarkdown>
    </div>
  );
}
