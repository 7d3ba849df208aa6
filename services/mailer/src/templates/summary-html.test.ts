import { readVideoSummary } from "@tubedigest/contracts/digest";
import { describe, expect, it } from "vitest";
import { INLINE } from "./mail-look.ts";
import { summaryHtml } from "./summary-html.ts";
import { summaryText } from "./summary-text.ts";

const both = (markdown: string) => {
  const summary = readVideoSummary(markdown);
  return { html: summaryHtml(summary), text: summaryText(summary) };
};

describe("a summary in an e-mail", () => {
  it("has its key points at normal weight with their moments, then its paragraph and note", () => {
    const { html, text } = both(
      "- **Thrust comes from pushing mass backwards\\.** ([1:50](https://www.youtube.com/watch?v=ID&t=110s))\n\nA short guide to [engines](https://example.com/e).\n\n_Summarised from the video's title and description: it has no captions._",
    );
    expect(html).toBe(
      `<ul style="${INLINE.ul}"><li style="${INLINE.li}">Thrust comes from pushing mass backwards. ` +
        `(<a href="https://www.youtube.com/watch?v=ID&amp;t=110s" style="${INLINE.a}">1:50</a>)</li></ul>` +
        `<p style="${INLINE.p}">A short guide to <a href="https://example.com/e" style="${INLINE.a}">engines</a>.</p>` +
        `<p style="${INLINE.note}">Summarised from the video&#39;s title and description: it has no captions.</p>`,
    );
    expect(text).toBe(
      [
        "- Thrust comes from pushing mass backwards. (1:50, https://www.youtube.com/watch?v=ID&t=110s)",
        "",
        "A short guide to engines (https://example.com/e).",
        "",
        "Summarised from the video's title and description: it has no captions.",
      ].join("\n"),
    );
  });

  it.each([
    ["[x](javascript:alert(1))", "x"],
    ["[x](data:text/html;base64,PHNjcmlwdD4=)", "x"],
    ["[x](/relative)", "x"],
    ["<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"],
    ["\\<script\\>alert(1)\\</script\\>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    [
      "![pixel](https://tracker.example/p.gif)",
      `!<a href="https://tracker.example/p.gif" style="${INLINE.a}">pixel</a>`,
    ],
  ])("writes %j safely: %j", (markdown, html) => {
    const rendered = both(markdown).html;
    expect(rendered).toContain(html);
    expect(rendered).not.toMatch(/<img|<script|javascript:|data:|href="\//);
  });
});
