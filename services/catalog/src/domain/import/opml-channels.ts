import { channelIdIn, type FileChannel, fileTitle } from "./file-channel.ts";

// Comments, CDATA sections and the document type (with its internal subset, where entities are declared)
// are dropped unread: no entity is ever expanded, and an outline written inside them is not the file's.
const UNREAD =
  /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<!DOCTYPE(?:[^[>]|\[[\s\S]*?(?:\]|$))*(?:>|$)/gi;
const OUTLINE = /<outline\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTE = /([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const PREDEFINED: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** Whether the text is an OPML document rather than some other XML or HTML. */
export const isOpml = (text: string) => /<opml\b/i.test(text.replace(UNREAD, ""));

/**
 * The channels of an OPML file of feeds (FreeTube, NewPipe and feed readers export these): each outline
 * whose `xmlUrl` is a channel's uploads feed or address. Outlines of anything else (folders, other sites'
 * feeds) are counted as skipped rows.
 */
export function opmlChannels(text: string): { rows: FileChannel[]; skipped: number; outlines: number } {
  const rows: FileChannel[] = [];
  let skipped = 0;
  let outlines = 0;
  for (const [, attributeText = ""] of text.replace(UNREAD, "").matchAll(OUTLINE)) {
    outlines++;
    const attributes = attributesOf(attributeText);
    const feed = attributes.get("xmlurl");
    // An outline without a feed is a folder of outlines, not a row.
    if (feed === undefined) continue;
    const id = channelIdIn(feed);
    if (id === undefined) skipped++;
    else
      rows.push({
        youtubeChannelId: id,
        title: fileTitle(attributes.get("title") ?? attributes.get("text")),
      });
  }
  return { rows, skipped, outlines };
}

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name = "", double, single] of text.matchAll(ATTRIBUTE)) {
    const key = name.toLowerCase();
    if (!attributes.has(key)) attributes.set(key, decodeReferences(double ?? single ?? ""));
  }
  return attributes;
}

/**
 * XML's five predefined entities and character references, decoded in one pass (so `&amp;#95;` is the text
 * `&#95;`, not `_`). Any other entity is left as written: its declaration is never read.
 */
function decodeReferences(value: string): string {
  return value.replace(/&(?:#x([0-9a-f]{1,6})|#([0-9]{1,7})|([a-z]+));/gi, (whole, hex, decimal, name) => {
    if (name !== undefined) return Object.hasOwn(PREDEFINED, name) ? (PREDEFINED[name] as string) : whole;
    const code = hex !== undefined ? Number.parseInt(hex, 16) : Number(decimal);
    // XML allows no NUL, surrogate or out-of-range character, written or referenced.
    const allowed = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return allowed ? String.fromCodePoint(code) : whole;
  });
}
