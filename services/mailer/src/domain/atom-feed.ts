/** An entry of the feed: one digest as it was sent. */
export interface AtomEntry {
  /** A permanent id: `urn:uuid:<newsletter id>`. */
  id: string;
  title: string;
  /** The newsletter's page. */
  link: string;
  sent: Date;
  /** The e-mail's HTML as sent. */
  html: string;
}

// Characters XML 1.0 cannot hold at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF): dropped.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or an attribute value: the five special characters escaped. */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (character) => XML_ENTITIES[character] ?? character);
}
const XML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

/**
 * What a mail client shows of an e-mail's HTML document: its body's content, without the document's head
 * (a feed entry's HTML is a fragment that a reader places in its own page).
 */
export function bodyOf(document: string): string {
  const open = /<body[^>]*>/i.exec(document);
  const close = document.toLowerCase().lastIndexOf("</body>");
  if (!open || close < open.index) return document;
  return document.slice(open.index + open[0].length, close).trim();
}

/**
 * An Atom 1.0 document (RFC 4287) of a reader's digests: the feed's own address as its id and self link,
 * each entry's HTML as escaped text (`type="html"`), never as markup of the feed itself, so no newsletter
 * can break the document.
 */
export function atomFeed(feed: {
  url: string;
  /** Where a reader's newsletters are listed in the product. */
  siteUrl: string;
  /** When the feed last changed: its newest entry, or when it was made. */
  updated: Date;
  entries: readonly AtomEntry[];
}): string {
  const entries = feed.entries.map((entry) =>
    [
      "  <entry>",
      `    <id>${xmlText(entry.id)}</id>`,
      `    <title>${xmlText(entry.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${xmlText(entry.link)}"/>`,
      `    <published>${entry.sent.toISOString()}</published>`,
      `    <updated>${entry.sent.toISOString()}</updated>`,
      `    <content type="html">${xmlText(bodyOf(entry.html))}</content>`,
      "  </entry>",
    ].join("\n"),
  );
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `  <id>${xmlText(feed.url)}</id>`,
    "  <title>Your tubedigest newsletters</title>",
    "  <subtitle>Every weekly digest of the channels you follow, as it was mailed to you.</subtitle>",
    `  <link rel="self" type="application/atom+xml" href="${xmlText(feed.url)}"/>`,
    `  <link rel="alternate" type="text/html" href="${xmlText(feed.siteUrl)}"/>`,
    `  <updated>${feed.updated.toISOString()}</updated>`,
    "  <author><name>tubedigest</name></author>",
    "  <generator>tubedigest</generator>",
    ...entries,
    "</feed>",
    "",
  ].join("\n");
}
