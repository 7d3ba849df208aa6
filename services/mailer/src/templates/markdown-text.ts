import type { Token } from "markdown-it";

/** An inline run as text: emphasis dropped, a link written as "text (url)". */
function inlineText(children: Token[]): string {
  let text = "";
  let link: { href: string; label: string } | null = null;
  for (const [index, token] of children.entries()) {
    if (token.type === "link_open") link = { href: String(token.attrGet("href") ?? ""), label: "" };
    else if (token.type === "link_close" && link) {
      const { href, label } = link;
      // A link already in brackets, as a key point's timestamp is, reads better without a second pair.
      const bracketed = text.endsWith("(") && children[index + 1]?.content.startsWith(")");
      text += label === href ? href : bracketed ? `${label}, ${href}` : `${label} (${href})`;
      link = null;
    } else {
      const piece =
        token.type === "text" || token.type === "code_inline"
          ? token.content
          : token.type === "softbreak"
            ? " "
            : token.type === "hardbreak"
              ? "\n"
              : "";
      if (link) link.label += piece;
      else text += piece;
    }
  }
  return text;
}

/**
 * A parsed summary (`parseSummary`) as plain text for people: blocks a blank line apart, list items
 * on lines of their own ("- " or their number), links written out. The tokens are the HTML's, so a
 * link refused there (not http(s)) is literal text here too.
 */
export function markdownText(tokens: Token[]): string {
  const blocks: string[][] = [];
  let depth = 0;
  let marker = "";
  const add = (text: string) => {
    if (depth === 0) blocks.push([text]);
    else blocks.at(-1)?.push(`${"  ".repeat(depth - 1)}${marker || "  "}${text}`);
    marker = "";
  };
  for (const token of tokens) {
    if (token.type === "bullet_list_open" || token.type === "ordered_list_open") {
      if (depth === 0) blocks.push([]);
      depth += 1;
    } else if (token.type === "bullet_list_close" || token.type === "ordered_list_close") depth -= 1;
    else if (token.type === "list_item_open") marker = token.info ? `${token.info}${token.markup} ` : "- ";
    else if (token.type === "inline") add(inlineText(token.children ?? []));
    else if (token.type === "fence" || token.type === "code_block") add(token.content.trimEnd());
  }
  return blocks.map((lines) => lines.join("\n")).join("\n\n");
}
