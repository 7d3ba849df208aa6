import { describe, expect, it } from "vitest";
import { markdownText as render } from "./markdown-text.ts";
import { parseSummary } from "./summary-markdown.ts";

const markdownText = (markdown: string) => render(parseSummary(markdown));

describe("markdownText", () => {
  it("writes the summariser's markdown as text for people", () => {
    const markdown = [
      "- **Thrust comes from \\*pushing\\* mass backwards** ([1:50](https://www.youtube.com/watch?v=ID&t=110s))",
      "- **Nozzles shape the exhaust**",
      "",
      "A short guide to [rocket engines](https://example.com/engines) for beginners.",
      "",
      "_Summarised from the video's title and description: it has no captions._",
    ].join("\n");
    expect(markdownText(markdown)).toBe(
      [
        "- Thrust comes from *pushing* mass backwards (1:50, https://www.youtube.com/watch?v=ID&t=110s)",
        "- Nozzles shape the exhaust",
        "",
        "A short guide to rocket engines (https://example.com/engines) for beginners.",
        "",
        "Summarised from the video's title and description: it has no captions.",
      ].join("\n"),
    );
  });

  it("numbers ordered lists, indents nested ones and keeps headings as lines", () => {
    expect(markdownText("## Steps\n\n1. Heat\n2. Pour\n   - slowly")).toBe(
      "Steps\n\n1. Heat\n2. Pour\n  - slowly",
    );
  });

  it("writes a link whose text is its address once", () => {
    expect(markdownText("[https://example.com](https://example.com)")).toBe("https://example.com");
  });

  it("leaves refused links and raw HTML as the literal text", () => {
    expect(markdownText("[x](javascript:alert(1)) <img src=x onerror=alert(1)>")).toBe(
      "[x](javascript:alert(1)) <img src=x onerror=alert(1)>",
    );
  });
});
