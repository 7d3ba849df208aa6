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

  it("bolds only a key point's short lead phrase, and shortens its moment to YouTube's short form", () => {
    const { html, text } = both(
      "- **Regenerative cooling: the fuel runs through the nozzle walls first\\.** ([1:50](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=110s))",
    );
    expect(html).toBe(
      `<ul style="${INLINE.ul}"><li style="${INLINE.li}"><strong style="${INLINE.strong}">Regenerative cooling:</strong> ` +
        `the fuel runs through the nozzle walls first. (<a href="https://youtu.be/dQw4w9WgXcQ?t=110" style="${INLINE.a}">1:50</a>)</li></ul>`,
    );
    expect(text).toBe(
      "- Regenerative cooling: the fuel runs through the nozzle walls first. (1:50, https://youtu.be/dQw4w9WgXcQ?t=110)",
    );
  });

  it("draws a long video's chapters with their moments and points, and says in a few words where its words came from", () => {
    const { html, text } = both(
      [
        "- **Overall point.** ([0:10](https://www.youtube.com/watch?v=ID&t=10s))",
        "",
        "The paragraph.",
        "",
        "#### Fuel \\<lox\\> ([20:00](https://www.youtube.com/watch?v=ID&t=1200s))",
        "- **Kerosene and oxygen.** ([21:30](https://www.youtube.com/watch?v=ID&t=1290s))",
        "",
        "_Source: the video's automatic captions in English, translated into German._",
      ].join("\n"),
    );
    expect(html).toContain(
      `<h4 style="${INLINE.h4}">Fuel &lt;lox&gt; (<a href="https://www.youtube.com/watch?v=ID&amp;t=1200s" style="${INLINE.a}">20:00</a>)</h4>` +
        `<ul style="${INLINE.ul}"><li style="${INLINE.li}">Kerosene and oxygen. (<a href="https://www.youtube.com/watch?v=ID&amp;t=1290s" style="${INLINE.a}">21:30</a>)</li></ul>`,
    );
    expect(html).toMatch(
      new RegExp(
        `<p style="${INLINE.muted}">Source: Automatic captions in English, translated into German</p>$`,
      ),
    );
    expect(html).not.toContain("translated into German.</p>");
    expect(text).toBe(
      [
        "- Overall point. (0:10, https://www.youtube.com/watch?v=ID&t=10s)",
        "",
        "The paragraph.",
        "",
        "Fuel <lox> (20:00, https://www.youtube.com/watch?v=ID&t=1200s)",
        "- Kerosene and oxygen. (21:30, https://www.youtube.com/watch?v=ID&t=1290s)",
        "",
        "Source: Automatic captions in English, translated into German",
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
