import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { WATCH_OR_SHORT_LINK, watchUrl, youtubeVideoId } from "./youtube-video-url.ts";

const ID = "dQw4w9WgXcQ";

// Every address form of docs/product.md#validation, with and without scheme and www.
const accepted: [string, string][] = [
  [`https://www.youtube.com/watch?v=${ID}`, "watch"],
  [`http://www.youtube.com/watch?v=${ID}`, "watch, http"],
  [`https://youtube.com/watch?v=${ID}`, "watch, no www"],
  [`www.youtube.com/watch?v=${ID}`, "watch, no scheme"],
  [`youtube.com/watch?v=${ID}`, "watch, no scheme nor www"],
  [`https://www.youtube.com/watch?v=${ID}&t=42s`, "watch with a time"],
  [`https://www.youtube.com/watch?feature=share&v=${ID}`, "watch, v not first"],
  [`https://www.youtube.com/watch?v=${ID}#comments`, "watch with a fragment"],
  [`https://www.youtube.com/embed/${ID}`, "embed"],
  [`youtube.com/embed/${ID}?start=10`, "embed, no scheme, with a query"],
  [`https://www.youtube.com/v/${ID}`, "v"],
  [`www.youtube.com/v/${ID}`, "v, no scheme"],
  [`https://www.youtube.com/live/${ID}`, "live"],
  [`https://youtube.com/live/${ID}?si=abc`, "live with a share token"],
  [`https://www.youtube.com/shorts/${ID}`, "shorts"],
  [`youtube.com/shorts/${ID}/`, "shorts with a trailing slash"],
  [`https://youtu.be/${ID}`, "short link"],
  [`youtu.be/${ID}?t=3`, "short link, no scheme, with a time"],
  [`  https://youtu.be/${ID}  `, "surrounding blanks"],
  [`HTTPS://WWW.YOUTUBE.COM/watch?v=${ID}`, "upper-case scheme and host"],
  ["https://youtu.be/a-b_c-d_e-f", "hyphens and underscores in the id"],
];

const refused: [string, string][] = [
  ["", "empty"],
  ["   ", "blank"],
  [ID, "a bare id"],
  [`https://www.youtube.com/watch?v=${ID.slice(0, 10)}`, "10-character id"],
  [`https://www.youtube.com/watch?v=${ID}x`, "12-character id"],
  [`https://www.youtube.com/watch?v=dQw4w9WgXc!`, "a character outside the alphabet"],
  [`https://www.youtube.com/watch?v=dQw4w9WgXc%51`, "an encoded character in the id"],
  [`https://www.youtube.com/watch?v=${ID}&v=aaaaaaaaaaa`, "two ids"],
  ["https://www.youtube.com/watch", "watch without an id"],
  [`https://www.youtube.com/watch/${ID}`, "watch as a path"],
  [`https://www.youtube.com/channel/UCaaaaaaaaaaaaaaaaaaaaaa`, "a channel page"],
  [`https://www.youtube.com/@handle`, "a handle"],
  [`https://www.youtube.com/playlist?list=PL${ID}`, "a playlist"],
  [`https://www.youtube.com/shorts/${ID}/extra`, "a path below the id"],
  [`https://m.youtube.com/watch?v=${ID}`, "another subdomain"],
  [`https://www.youtube.com.evil.example/watch?v=${ID}`, "a host that only starts like YouTube's"],
  [`https://evil.example/watch?v=${ID}`, "another host"],
  [`https://evil.example/?u=youtube.com/watch?v=${ID}`, "YouTube's address inside another"],
  [`https://www.youtube.com@evil.example/watch?v=${ID}`, "YouTube as a user name"],
  [`https://user:pw@www.youtube.com/watch?v=${ID}`, "credentials"],
  [`https://www.youtube.com:8080/watch?v=${ID}`, "a port"],
  [`ftp://www.youtube.com/watch?v=${ID}`, "another scheme"],
  [`javascript:alert(1)//youtube.com/watch?v=${ID}`, "a script address"],
  [`https://youtu.be/${ID}/more`, "a short link with a path"],
  [`https://youtu.be/`, "a short link without an id"],
  [`https://www.youtube.com/watch?v=${ID} x`, "a blank inside"],
  [`https://www.youtube.com/watch?v=\u0000${ID}`, "a NUL"],
  [`https://youtu.be/${ID}\n`.slice(0, -1).concat("\u0007"), "a control character"],
  [`https:\\\\youtu.be\\${ID}`, "backslashes"],
  [`//youtu.be/${ID}`, "a scheme-relative address"],
  [`https://youtu.be/${ID}?${"a".repeat(3000)}`, "an address longer than 2048 characters"],
];

describe("youtubeVideoId, every address form the product accepts", () => {
  it.each(accepted)("accepts %s (%s)", (url) => {
    expect(youtubeVideoId(url)).toBe(url.includes(ID) ? ID : "a-b_c-d_e-f");
  });

  it.each(refused)("refuses %j (%s)", (url) => {
    expect(youtubeVideoId(url)).toBeUndefined();
  });
});

describe("the dashboard's forms: a watch page or a short link", () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`, ID],
    [`youtu.be/${ID}`, ID],
    [`https://www.youtube.com/shorts/${ID}`, undefined],
    [`https://www.youtube.com/embed/${ID}`, undefined],
    [`https://www.youtube.com/live/${ID}`, undefined],
  ])("%s → %s", (url, expected) => {
    expect(youtubeVideoId(url, WATCH_OR_SHORT_LINK)).toBe(expected);
  });
});

describe("watchUrl", () => {
  it("deep-links to a whole second, never before the start", () => {
    expect(watchUrl(ID)).toBe(`https://www.youtube.com/watch?v=${ID}`);
    expect(watchUrl(ID, 75.9)).toBe(`https://www.youtube.com/watch?v=${ID}&t=75s`);
    expect(watchUrl(ID, -3)).toBe(`https://www.youtube.com/watch?v=${ID}&t=0s`);
    expect(watchUrl(ID, null)).toBe(`https://www.youtube.com/watch?v=${ID}`);
  });
});

describe("the module itself", () => {
  it("imports nothing, so the web app's bundle can take it alone (@tubedigest/contracts/youtube-video-url)", () => {
    const source = readFileSync(new URL("./youtube-video-url.ts", import.meta.url), "utf8");
    expect(source).not.toMatch(/^\s*import\b/m);
    expect(source).not.toMatch(/\brequire\(|\bimport\(/);
  });
});
