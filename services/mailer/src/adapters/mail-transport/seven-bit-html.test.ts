import { describe, expect, it } from "vitest";
import { sevenBitHtml } from "./seven-bit-html.ts";

describe("HTML as 7-bit text", () => {
  it("writes characters past ASCII as character references", () => {
    expect(sevenBitHtml("<p>Café “menus” · 🚀</p>")).toBe(
      "<p>Caf&#233; &#8220;menus&#8221; &#183; &#128640;</p>",
    );
  });

  it("breaks a line longer than SMTP allows between words or attributes, never inside a quoted value", () => {
    const style = `style="font-family:'Segoe UI', Arial;color:#000"`;
    const line = `${`<p ${style}>${"word ".repeat(150)}</p>`.repeat(4)}`;
    const sent = sevenBitHtml(line) ?? "";
    const lines = sent.split("\n");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.every((each) => each.length <= 998)).toBe(true);
    expect(sent.replaceAll("\n", " ")).toBe(line);
    expect(sent).not.toContain("'Segoe\nUI'");
  });

  it("is refused when a line has nowhere to break, or the HTML holds control characters", () => {
    expect(sevenBitHtml(`<a href="https://example.com/${"x".repeat(1200)}">x</a>`)).toBeUndefined();
    expect(sevenBitHtml(`<!--${" x".repeat(600)}-->`)).toBeUndefined();
    expect(sevenBitHtml("<p>a\u0000b</p>")).toBeUndefined();
  });
});
