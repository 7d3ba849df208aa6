import { describe, expect, it } from "vitest";
import { orderForFocus } from "./order-for-focus.ts";

type Video = { title: string; summary: string };
const channel = (title: string, ...videos: Video[]) => ({ title, videos });
const video = (title: string, summary = ""): Video => ({ title, summary });
const titles = (channels: { title: string; videos: Video[] }[]) =>
  channels.map((each) => [each.title, each.videos.map((one) => one.title)]);

// The digest's own order, channels by their newest video, videos newest first.
const week = [
  channel("Launch News", video("This week's launch news"), video("Turbopump engine design")),
  channel("Copper Pan", video("Cast iron care", "Seasoning and soap.")),
  channel("Garage", video("Building a lathe"), video("Why it rattles", "The engine mounts were loose.")),
];

describe("a digest ordered for the reader's focus", () => {
  it("leaves the digest's order exactly as it was without a focus, or one with no words", () => {
    for (const focus of [null, "", "the best of it"]) {
      const ordered = orderForFocus(week, focus, (one) => one);
      expect(ordered).toEqual(week);
    }
  });

  it("puts videos holding the focus's words first, a title before a summary, and channels by their best", () => {
    expect(titles(orderForFocus(week, "engines", (one) => one))).toEqual([
      ["Launch News", ["Turbopump engine design", "This week's launch news"]],
      ["Garage", ["Why it rattles", "Building a lathe"]],
      ["Copper Pan", ["Cast iron care"]],
    ]);
  });

  it("puts videos holding the words after not, no, without or except last, and a channel of only those", () => {
    const withBrief = [channel("Daily Brief", video("Morning news")), ...week];
    expect(titles(orderForFocus(withBrief, "no news", (one) => one))).toEqual([
      ["Launch News", ["Turbopump engine design", "This week's launch news"]],
      ["Copper Pan", ["Cast iron care"]],
      ["Garage", ["Building a lathe", "Why it rattles"]],
      ["Daily Brief", ["Morning news"]],
    ]);
  });

  it("keeps the order videos and channels came in where they score the same", () => {
    const tied = [
      channel("B", video("Lathe one"), video("Lathe two")),
      channel("A", video("Lathe three")),
      channel("C", video("Sourdough")),
    ];
    expect(titles(orderForFocus(tied, "lathe", (one) => one))).toEqual([
      ["B", ["Lathe one", "Lathe two"]],
      ["A", ["Lathe three"]],
      ["C", ["Sourdough"]],
    ]);
  });
});
