import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url.ts";

describe("a URL for the logs", () => {
  it.each([
    ["/sign-in/link?token=9b1d0c6f2e8a4d7c", "/sign-in/link?token=[Redacted]"],
    ["/api/unsubscribe?token=3f9c&channel=UC1", "/api/unsubscribe?token=[Redacted]&channel=UC1"],
    ["/api/unsubscribe?token=a&token=b", "/api/unsubscribe?token=[Redacted]&token=[Redacted]"],
    [
      "/x?%74oken=a&TOKEN=b&t%6Fken=c&+token+=d",
      "/x?%74oken=[Redacted]&TOKEN=[Redacted]&t%6Fken=[Redacted]&+token+=[Redacted]",
    ],
    [
      "/x?t=a&code=b&key=c&secret=d&signature=e&sig=f&password=g&access_token=h",
      "/x?t=[Redacted]&code=[Redacted]&key=[Redacted]&secret=[Redacted]&signature=[Redacted]&sig=[Redacted]&password=[Redacted]&access_token=[Redacted]",
    ],
    ["/x?token=a%ZZb&q=cats", "/x?token=[Redacted]&q=cats"],
    ["/x?to%ZZken=a", "/x?to%ZZken=a"],
  ])("hides the credential in %s", (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it.each([
    "/api/channels/search?q=cooking&limit=5",
    "/sign-in/link",
    "/x?token",
    "/x?",
    "/x?tokens=1&channel_id=UC1&v=abc",
  ])("keeps %s as it is", (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
