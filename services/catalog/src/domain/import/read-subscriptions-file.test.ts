import { HttpError } from "@tubedigest/http/http-error";
import { describe, expect, it } from "vitest";
import { messages } from "../messages.ts";
import { readSubscriptionsFile } from "./read-subscriptions-file.ts";

const A = "UCvM81RMemUTptIftvHQ02sb";
const B = "UCv6KzIbgqc8beFl9AFlcyYA";
const C = "UCncQA5f8UUJcbPTPlW6Osd_";

const utf8 = (text: string) => new TextEncoder().encode(text);
const read = (text: string) => readSubscriptionsFile(utf8(text));
const ids = (text: string) => read(text).channels.map((channel) => channel.youtubeChannelId);

function refusal(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error("the file was accepted");
}

const takeout = (...rows: string[]) => ["Channel Id,Channel Url,Channel Title", ...rows, ""].join("\n");
const row = (id: string, title: string) => `${id},http://www.youtube.com/channel/${id},${title}`;
const feed = (id: string) => `https://www.youtube.com/feeds/videos.xml?channel_id=${id}`;
const opml = (body: string, prologue = "") =>
  `<?xml version="1.0" encoding="utf-8"?>${prologue}<opml version="1.1"><body>${body}</body></opml>`;

describe("a Google Takeout subscriptions.csv", () => {
  it("gives each channel with its title, in the file's order", () => {
    expect(read(takeout(row(A, "Copper Pan Kitchen"), row(B, "Grain and Gauge")))).toEqual({
      format: "takeout-csv",
      channels: [
        { youtubeChannelId: A, title: "Copper Pan Kitchen" },
        { youtubeChannelId: B, title: "Grain and Gauge" },
      ],
      skippedRows: 0,
    });
  });

  it("reads a byte order mark, CRLF line ends and quoted fields holding commas, quotes and line breaks", () => {
    const text = `\uFEFFChannel Id,Channel Url,Channel Title\r\n${A},x,"Pots, ""Pans""\r\nand more"\r\n${B},x,Plain\r\n`;
    expect(read(text).channels).toEqual([
      { youtubeChannelId: A, title: 'Pots, "Pans" and more' },
      { youtubeChannelId: B, title: "Plain" },
    ]);
  });

  it("reads a header in another language by its place, and a file without a header", () => {
    expect(ids(`Kanal-ID,Kanal-URL,Kanaltitel\n${row(A, "Eins")}\n`)).toEqual([A]);
    expect(ids(`${row(A, "One")}\r${row(B, "Two")}`)).toEqual([A, B]);
  });

  it("takes the id from the address when the id column is not one", () => {
    expect(ids(takeout(`not-an-id,https://www.youtube.com/channel/${C},Only the address`))).toEqual([C]);
  });

  it("keeps each channel once, with the first title given", () => {
    expect(read(takeout(row(A, "First"), row(B, "B"), row(A, "Second"))).channels).toEqual([
      { youtubeChannelId: A, title: "First" },
      { youtubeChannelId: B, title: "B" },
    ]);
  });

  it("skips and counts rows whose id is not UC and 22 characters", () => {
    const file = read(
      takeout(
        row(A, "Good"),
        "UCshort,x,Too short",
        `UC${"a".repeat(23)},x,Too long`,
        `UX${"a".repeat(22)},x,Wrong start`,
        `UC${"a".repeat(21)}!,x,Wrong character`,
        `${A.toLowerCase()},x,Lower-cased`,
        `"${A} ",x,Spaced`,
      ),
    );
    expect(file.channels.map((channel) => channel.youtubeChannelId)).toEqual([A]);
    expect(file.skippedRows).toBe(5);
  });

  it("cleans titles: no control characters, spacing collapsed, at most 200 characters", () => {
    const [channel] = read(takeout(row(A, `"Tab\there\u0085and\u2028there  ${"é".repeat(300)}"`))).channels;
    expect(channel?.title).toBe(`Tab here and there ${"é".repeat(181)}`);
    expect(read(takeout(`${A},x,`)).channels[0]?.title).toBeNull();
  });

  it("refuses a quotation mark never closed, naming its line", () => {
    expect(refusal(() => read(takeout(row(A, "Fine"), `${B},x,"Open title`)))).toEqual({
      status: 400,
      message:
        "This CSV file has a quotation mark that is never closed (line 3). Download the file again, or fix that line.",
    });
  });
});

describe("an OPML file of channel feeds", () => {
  it("gives each YouTube channel feed with its title, inside folders too, skipping other feeds", () => {
    const file = read(
      opml(
        `<outline text="YouTube"><outline type="rss" text="Copper Pan" title="Copper Pan Kitchen" xmlUrl="${feed(A)}"/>` +
          `<outline text='Grain' xmlUrl='${feed(B)}' /></outline>` +
          `<outline text="A blog" xmlUrl="https://example.com/feed.xml"/>` +
          `<outline title="By address" xmlUrl="https://www.youtube.com/channel/${C}"></outline>`,
      ),
    );
    expect(file).toEqual({
      format: "opml",
      channels: [
        { youtubeChannelId: A, title: "Copper Pan Kitchen" },
        { youtubeChannelId: B, title: "Grain" },
        { youtubeChannelId: C, title: "By address" },
      ],
      skippedRows: 1,
    });
  });

  it("decodes XML's own entities and character references once, in names and addresses", () => {
    const file = read(
      opml(
        `<outline text="Pots &amp; Pans &#x1F373;" xmlUrl="https://www.youtube.com/feeds/videos.xml?x=1&amp;channel&#95;id=${A}"/>` +
          `<outline text="Twice" xmlUrl="https://www.youtube.com/feeds/videos.xml?channel&amp;#95;id=${B}"/>`,
      ),
    );
    expect(file.channels).toEqual([{ youtubeChannelId: A, title: "Pots & Pans 🍳" }]);
    expect(file.skippedRows).toBe(1);
  });

  it("never expands a declared entity, and reads no outline from a DOCTYPE, comment or CDATA", () => {
    const prologue =
      `<!DOCTYPE opml [<!ENTITY feed "${feed(A)}"><!ENTITY xxe SYSTEM "file:///etc/passwd">` +
      `<!ENTITY hidden "<outline xmlUrl='${feed(B)}'/>">]>`;
    const file = read(
      opml(
        `<outline text="&xxe;" xmlUrl="&feed;"/><!-- <outline xmlUrl="${feed(B)}"/> -->` +
          `<![CDATA[<outline xmlUrl="${feed(B)}"/>]]><outline text="&xxe;" xmlUrl="${feed(C)}"/>&hidden;`,
        prologue,
      ),
    );
    expect(file.channels).toEqual([{ youtubeChannelId: C, title: "&xxe;" }]);
    expect(file.skippedRows).toBe(1);
  });

  it("refuses feeds of look-alike hosts and ids of the wrong shape", () => {
    const body = [
      `https://www.youtube.com.evil.example/feeds/videos.xml?channel_id=${A}`,
      `https://evil.example/feeds/videos.xml?channel_id=${A}`,
      `https://www.youtube.com/feeds/videos.xml?channel_id=${A}x`,
      "https://www.youtube.com/feeds/videos.xml?playlist_id=PL123",
      "javascript:alert(1)",
    ]
      .map((address) => `<outline text="x" xmlUrl="${address}"/>`)
      .join("");
    expect(refusal(() => read(opml(body)))).toEqual({ status: 400, message: messages.importNoChannelIds });
  });

  it("refuses XML that is not OPML, such as a web page", () => {
    expect(refusal(() => read(`<!doctype html><html><body>${feed(A)}</body></html>`))).toEqual({
      status: 400,
      message: messages.importNotText,
    });
  });
});

describe("files refused whole", () => {
  it("refuses more than 1 MB", () => {
    const over = new Uint8Array(1024 * 1024 + 1).fill(0x61);
    expect(refusal(() => readSubscriptionsFile(over))).toEqual({
      status: 413,
      message: messages.importFileTooLarge,
    });
  });

  it("takes 5,000 rows and refuses 5,001, in either format", () => {
    const rows = (count: number) => Array.from({ length: count }, () => row(A, "Same"));
    expect(read(takeout(...rows(5_000))).channels).toHaveLength(1);
    expect(refusal(() => read(takeout(...rows(5_001))))).toEqual({
      status: 400,
      message: messages.importTooManyRows,
    });
    const outlines = (count: number) => `<outline xmlUrl="${feed(A)}"/>`.repeat(count);
    expect(read(opml(outlines(5_000))).channels).toHaveLength(1);
    expect(refusal(() => read(opml(outlines(5_001))))).toEqual({
      status: 400,
      message: messages.importTooManyRows,
    });
  });

  it("refuses invalid UTF-8, NUL characters and other binary data as not a CSV or OPML file", () => {
    const invalid = [
      Uint8Array.of(...utf8(takeout(row(A, "x"))), 0xc3, 0x28),
      Uint8Array.of(0xff, 0xfe, ...utf8("C\0h\0a\0n\0")),
      Uint8Array.of(0xed, 0xa0, 0x80),
      utf8(`${takeout(row(A, "x"))}\u0000`),
    ];
    for (const bytes of invalid) {
      expect(refusal(() => readSubscriptionsFile(bytes))).toEqual({
        status: 400,
        message: messages.importNotText,
      });
    }
  });

  it("tells a ZIP archive (the whole Takeout download) apart", () => {
    expect(refusal(() => readSubscriptionsFile(Uint8Array.of(0x50, 0x4b, 0x03, 0x04, 0, 0)))).toEqual({
      status: 400,
      message: messages.importZipArchive,
    });
  });

  it("refuses an empty file, a header alone and text naming no channel", () => {
    for (const text of ["", "\uFEFF", "Channel Id,Channel Url,Channel Title\r\n", "hello, world\n", "{}"]) {
      expect(refusal(() => read(text))).toEqual({ status: 400, message: messages.importNoChannelIds });
    }
  });
});
