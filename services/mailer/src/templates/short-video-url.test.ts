import { describe, expect, it } from "vitest";
import { shortVideoUrl } from "./short-video-url.ts";

describe("a video's address in an e-mail", () => {
  it.each([
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ"],
    ["https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=125s", "https://youtu.be/dQw4w9WgXcQ?t=125"],
    ["https://youtube.com/watch?t=7&v=dQw4w9WgXcQ", "https://youtu.be/dQw4w9WgXcQ?t=7"],
  ])("is YouTube's short form of a watch address: %s", (url, short) => {
    expect(shortVideoUrl(url)).toBe(short);
  });

  it.each([
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL123",
    "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1m5s",
    "https://www.youtube.com/shorts/dQw4w9WgXcQ",
    "https://example.com/watch?v=dQw4w9WgXcQ",
    "https://tubedigest.example/newsletters/5d0c2b8e?token=v1.abc",
  ])("is kept whole when it says more than the video and its second: %s", (url) => {
    expect(shortVideoUrl(url)).toBe(url);
  });
});
