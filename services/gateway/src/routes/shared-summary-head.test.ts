import { describe, expect, it } from "vitest";
import { withSharedSummaryHead } from "./shared-summary-head.ts";

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Your favorite video channels, summarized and delivered to your inbox." />
    <title>tubedigest</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe("a shared summary's head for link previews", () => {
  const share = {
    title: `Rockets "explained" <script>alert(1)</script> & more`,
    url: "https://www.youtube.com/watch?v=UBZkHdEg7-z",
    channel: "Pocket Orbit",
    summaryMarkdown:
      "- **A rocket carries its own oxidiser\\.** ([1:48](https://www.youtube.com/watch?v=UBZkHdEg7-z&t=108s))\n- **Nozzles <shape> the exhaust**\n\nThe paragraph.",
  };

  it("says the title, the key points and the video's frame, every value escaped", () => {
    const html = withSharedSummaryHead(INDEX, share, {
      url: "https://tubedigest.example/s/abcdefghijklmnopqrstuv",
    });
    expect(html).not.toContain("<script>");
    expect(html).toContain(
      "<title>Rockets &#34;explained&#34; &#60;script&#62;alert(1)&#60;/script&#62; &#38; more — summarised by tubedigest</title>",
    );
    expect(html).toContain(
      `<meta property="og:description" content="A rocket carries its own oxidiser. · Nozzles &#60;shape&#62; the exhaust" />`,
    );
    expect(html).toContain(
      `<meta property="og:image" content="https://i.ytimg.com/vi/UBZkHdEg7-z/hqdefault.jpg" />`,
    );
    expect(html).toContain(
      `<meta property="og:url" content="https://tubedigest.example/s/abcdefghijklmnopqrstuv" />`,
    );
    expect(html).toContain(`<meta name="twitter:card" content="summary_large_image" />`);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html.indexOf("og:title")).toBeLessThan(html.indexOf("</head>"));
  });

  it("names no address it does not know, and falls back to the paragraph", () => {
    const html = withSharedSummaryHead(
      INDEX,
      { ...share, summaryMarkdown: "The paragraph only." },
      { url: undefined },
    );
    expect(html).not.toContain("og:url");
    expect(html).toContain(`<meta property="og:description" content="The paragraph only." />`);
  });

  // What String.prototype.replace reads in a replacement string: the text after the match, before it,
  // the match itself, a dollar sign, and a group (should a pattern ever have one).
  it.each(["$'", "$`", "$&", "$$", "$1"])("writes %s in a title and a summary as it is", (sequence) => {
    const html = withSharedSummaryHead(
      INDEX,
      { ...share, title: `Cheap ${sequence} tricks`, summaryMarkdown: `- **Save ${sequence} now**` },
      { url: undefined },
    );
    const escaped = (text: string) => text.replace("&", "&#38;").replace("'", "&#39;");
    const title = `${escaped(`Cheap ${sequence} tricks`)} — summarised by tubedigest`;
    const description = escaped(`Save ${sequence} now`);
    expect(html).toContain(`<title>${title}</title>`);
    expect(html).toContain(`<meta name="description" content="${description}" />`);
    expect(html).toContain(`<meta property="og:title" content="${title}" />`);
    expect(html).toContain(`<meta property="og:description" content="${description}" />`);
    expect(html).toContain(
      `<meta property="og:image:alt" content="${escaped(`Cheap ${sequence} tricks`)}" />`,
    );
    for (const once of [/<!doctype/g, /<title>/g, /<\/head>/g, /<meta name="description"/g, /<body>/g]) {
      expect(html.match(once)).toHaveLength(1);
    }
  });
});
