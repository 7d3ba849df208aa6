import { describe, expect, it } from "vitest";
import { atomFeed, bodyOf, xmlText } from "./atom-feed.ts";

describe("the private feed's Atom document", () => {
  it("escapes the five special characters and drops what XML cannot hold", () => {
    expect(xmlText(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;",
    );
    expect(xmlText("bell\u0007 nul\u0000 tab\t line\r\n end\uFFFE\uFFFF")).toBe(
      "bell nul tab\t line\r\n end",
    );
    expect(xmlText("lone \uD800 surrogate, 🎉 kept, é kept")).toBe("lone  surrogate, 🎉 kept, é kept");
  });

  it("keeps of an e-mail's HTML only its body's content", () => {
    expect(bodyOf('<html><head><title>t</title></head><BODY class="x">\n <p>Hi</p>\n</Body></html>')).toBe(
      "<p>Hi</p>",
    );
    // The last closing tag: a newsletter quoting "</body>" as text ends nothing.
    expect(bodyOf("<body><p>a</body> b</p></body>")).toBe("<p>a</body> b</p>");
    expect(bodyOf("<p>a fragment</p>")).toBe("<p>a fragment</p>");
    expect(bodyOf("</body><body>never closed")).toBe("</body><body>never closed");
  });

  it("lists each entry with its id, link, dates and HTML as escaped text", () => {
    const document = atomFeed({
      url: "https://digest.example.com/api/feeds/s3cret?a=1&b=2",
      siteUrl: "https://digest.example.com/newsletters",
      updated: new Date("2026-11-23T09:00:00Z"),
      entries: [
        {
          id: "urn:uuid:1",
          title: "Your week: <Pocket> & Orbit",
          link: "https://digest.example.com/newsletters/1",
          sent: new Date("2026-11-23T08:59:00Z"),
          html: "<html><head><style>p{}</style></head><body><p>Hi &amp; bye</p></body></html>",
        },
      ],
    });
    expect(document).toContain(
      '<link rel="self" type="application/atom+xml" href="https://digest.example.com/api/feeds/s3cret?a=1&amp;b=2"/>',
    );
    expect(document).toContain("<id>https://digest.example.com/api/feeds/s3cret?a=1&amp;b=2</id>");
    expect(document).toContain(
      '<link rel="alternate" type="text/html" href="https://digest.example.com/newsletters"/>',
    );
    expect(document).toContain("<updated>2026-11-23T09:00:00.000Z</updated>");
    expect(document).toContain(
      [
        "  <entry>",
        "    <id>urn:uuid:1</id>",
        "    <title>Your week: &lt;Pocket&gt; &amp; Orbit</title>",
        '    <link rel="alternate" type="text/html" href="https://digest.example.com/newsletters/1"/>',
        "    <published>2026-11-23T08:59:00.000Z</published>",
        "    <updated>2026-11-23T08:59:00.000Z</updated>",
        '    <content type="html">&lt;p&gt;Hi &amp;amp; bye&lt;/p&gt;</content>',
        "  </entry>",
      ].join("\n"),
    );
    expect(document.split("\n").slice(0, 10)).toEqual([
      '<?xml version="1.0" encoding="utf-8"?>',
      '<feed xmlns="http://www.w3.org/2005/Atom">',
      "  <id>https://digest.example.com/api/feeds/s3cret?a=1&amp;b=2</id>",
      "  <title>Your tubedigest newsletters</title>",
      "  <subtitle>Every weekly digest of the channels you follow, as it was mailed to you.</subtitle>",
      '  <link rel="self" type="application/atom+xml" href="https://digest.example.com/api/feeds/s3cret?a=1&amp;b=2"/>',
      '  <link rel="alternate" type="text/html" href="https://digest.example.com/newsletters"/>',
      "  <updated>2026-11-23T09:00:00.000Z</updated>",
      "  <author><name>tubedigest</name></author>",
      "  <generator>tubedigest</generator>",
    ]);
    expect(document).not.toContain("style");
    expect(document.endsWith("</feed>\n")).toBe(true);
  });
});
