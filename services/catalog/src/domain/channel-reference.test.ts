import { describe, expect, it } from "vitest";
import { parseChannelReference } from "./channel-reference.ts";

const ID = "UCabcdefghijklmnopqrstuv";

describe("parseChannelReference", () => {
  it.each([
    [ID, { kind: "id", id: ID }],
    [`  ${ID} `, { kind: "id", id: ID }],
    [`https://www.youtube.com/channel/${ID}`, { kind: "id", id: ID }],
    [`youtube.com/channel/${ID}/videos?view=0`, { kind: "id", id: ID }],
    [`http://m.youtube.com/channel/${ID}`, { kind: "id", id: ID }],
    ["@Demo.Handle_1", { kind: "handle", handle: "Demo.Handle_1" }],
    ["https://www.youtube.com/@some-handle/featured", { kind: "handle", handle: "some-handle" }],
    ["https://www.youtube.com/@%C3%A9t%C3%A9", { kind: "handle", handle: "été" }],
    // "http" later in the text does not make it an address with its scheme.
    ["youtube.com/@some-handle?from=https://example.com", { kind: "handle", handle: "some-handle" }],
  ])("reads %s", (text, reference) => {
    expect(parseChannelReference(text)).toEqual(reference);
  });

  it.each([
    "ab",
    "cooking videos",
    "@ab",
    "UCshort",
    "https://example.com/channel/UCabcdefghijklmnopqrstuv",
    "https://youtube.com.evil.example/@handle",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    "https://www.youtube.com/c/SomeName",
    "https://www.youtube.com/%E0%A4%A",
    // Another YouTube host than the site's own, a port, an id after another word than "channel".
    "https://studio.youtube.com/@handle",
    "https://youtube.com:8080/@handle",
    "https://www.youtube.com/user/UCabcdefghijklmnopqrstuv",
    "https://www.youtube.com/channel/UCshort",
    // An address the URL parser refuses (a port out of range). Mutant: the parser's catch block emptied.
    "https://www.youtube.com:99999/@handle",
  ])("leaves %s to the search", (text) => {
    expect(parseChannelReference(text)).toBeUndefined();
  });
});
