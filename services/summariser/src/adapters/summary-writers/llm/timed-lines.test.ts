import { describe, expect, it } from "vitest";
import { citedTime, formatTimestamp, renderLine, timedLinesOf } from "./timed-lines.ts";

describe("timed transcript lines", () => {
  it("writes times as people do: mm:ss under an hour, h:mm:ss from then on", () => {
    expect(formatTimestamp(0)).toBe("00:00");
    expect(formatTimestamp(125.9)).toBe("02:05");
    expect(formatTimestamp(3599)).toBe("59:59");
    expect(formatTimestamp(3723)).toBe("1:02:03");
    expect(renderLine({ startSeconds: null, text: "a note" })).toBe("[--:--] a note");
  });

  it("joins caption pieces into lines of up to 30 s, starting at whole seconds", () => {
    const lines = timedLinesOf([
      { startSeconds: 0.4, text: "one\ntwo" },
      { startSeconds: 12.7, text: " three " },
      { startSeconds: 30.2, text: "four" },
      { startSeconds: 31, text: "   " },
    ]);
    expect(lines).toEqual([
      { startSeconds: 0, text: "one two three" },
      { startSeconds: 30, text: "four" },
    ]);
  });

  it("splits a very long caption at spaces into lines of at most 400 characters, all at its time", () => {
    const lines = timedLinesOf([{ startSeconds: 7, text: "word ".repeat(300) }]);
    expect(lines.length).toBe(4);
    for (const line of lines) {
      expect(line.startSeconds).toBe(7);
      expect(line.text.length).toBeLessThanOrEqual(400);
      expect(line.text).toMatch(/^word( word)*$/);
    }
  });

  it("holds a cited time to the shown line it falls in, and nulls one near no shown line", () => {
    const shown = [0, 35, 95, 200];
    expect(citedTime(35, shown)).toBe(35);
    expect(citedTime(100.5, shown)).toBe(95);
    expect(citedTime(160, shown)).toBeNull();
    expect(citedTime(5000, shown)).toBeNull();
    expect(citedTime(-3, shown)).toBeNull();
    expect(citedTime(null, shown)).toBeNull();
    expect(citedTime(Number.NaN, shown)).toBeNull();
  });
});
