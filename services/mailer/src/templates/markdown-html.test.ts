import { describe, expect, it } from "vitest";
import { INLINE } from "./mail-look.ts";
import { markdownHtml as render } from "./markdown-html.ts";
import { parseSummary } from "./summary-markdown.ts";

const markdownHtml = (markdown: string) => render(parseSummary(markdown));

describe("markdownHtml", () => {
  it("renders the summariser's key points with inline styles and their timestamp links", () => {
    const html = markdownHtml(
      "- **Thrust comes from pushing mass backwards\\.** ([1:50](https://www.youtube.com/watch?v=ID&t=110s))\n\nA short guide.",
    );
    expect(html).toBe(
      `<ul style="${INLINE.ul}">\n` +
        `<li style="${INLINE.li}"><strong style="${INLINE.strong}">Thrust comes from pushing mass backwards.</strong> ` +
        `(<a href="https://www.youtube.com/watch?v=ID&amp;t=110s" style="${INLINE.a}">1:50</a>)</li>\n` +
        `</ul>\n<p style="${INLINE.p}">A short guide.</p>\n`,
    );
  });

  it("styles emphasis and headings", () => {
    const html = markdownHtml(
      "# One\n\n## Two\n\n### Three\n\n_Summarised from the title: it has no captions._",
    );
    expect(html).toContain(`<h1 style="${INLINE.h1}">One</h1>`);
    expect(html).toContain(`<h2 style="${INLINE.h2}">Two</h2>`);
    expect(html).toContain(`<h3 style="${INLINE.h3}">Three</h3>`);
    expect(html).toContain(`<em style="${INLINE.em}">Summarised from the title: it has no captions.</em>`);
  });

  it.each([
    ["[x](javascript:alert(1))", "[x](javascript:alert(1))"],
    ["[x](JavaScript:alert(1))", "[x](JavaScript:alert(1))"],
    ["[x](data:text/html;base64,PHNjcmlwdD4=)", "[x](data:text/html;base64,PHNjcmlwdD4=)"],
    ["[x](/relative)", "[x](/relative)"],
    ["<javascript:alert(1)>", "&lt;javascript:alert(1)&gt;"],
    ["<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"],
    ["\\<script\\>alert(1)\\</script\\>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
  ])("keeps %j as text", (markdown, text) => {
    const html = markdownHtml(markdown);
    expect(html).toContain(text);
    expect(html).not.toMatch(/<a |<img|<script/);
  });

  it("keeps http and https links", () => {
    expect(markdownHtml("[a](http://example.com/a) <https://example.com/b>")).toContain(
      `<a href="http://example.com/a" style="${INLINE.a}">a</a> <a href="https://example.com/b" style="${INLINE.a}">https://example.com/b</a>`,
    );
  });

  it("loads no images: an image becomes a link to it", () => {
    const html = markdownHtml("![pixel](https://tracker.example/p.gif)");
    expect(html).not.toContain("<img");
    expect(html).toContain(`!<a href="https://tracker.example/p.gif" style="${INLINE.a}">pixel</a>`);
  });
});
