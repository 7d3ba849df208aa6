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

  // A private feed's secret (43 characters) and a share's id (22), in every spelling a client might send.
  const FEED = "Qm9vNfXzT1y5cR3kP0aLw8HdUe2sJbVgK6iOtMnZ7xA";
  const SHARE = "c2hhcmVkLXN1bW1hcnktaW";
  it.each([
    [`/api/feeds/${FEED}`, "/api/feeds/[Redacted]"],
    [`/api/feeds/${FEED}?token=a&v=2`, "/api/feeds/[Redacted]?token=[Redacted]&v=2"],
    [`/api/shared-summaries/${SHARE}`, "/api/shared-summaries/[Redacted]"],
    [`/s/${SHARE}`, "/s/[Redacted]"],
    [`/s/${SHARE}/`, "/s/[Redacted]"],
    [`/api//feeds/${FEED}`, "/api//feeds/[Redacted]"],
    [`/api/feeds//${FEED}`, "/api/feeds/[Redacted]"],
    [`/API/Feeds/${FEED}`, "/API/Feeds/[Redacted]"],
    [`/api/%66eeds/${FEED}`, "/api/%66eeds/[Redacted]"],
    [`/api%2Ffeeds%2f${FEED}`, "/api%2Ffeeds%2f[Redacted]"],
    [`\\api\\shared-summaries\\${SHARE}`, "\\api\\shared-summaries\\[Redacted]"],
    [`/api/./feeds/%2e/${FEED}`, "/api/./feeds/[Redacted]"],
    [`/api/x/../feeds/${FEED}`, "/api/x/../feeds/[Redacted]"],
    [`/x/%2e%2e/s/${SHARE}`, "/x/%2e%2e/s/[Redacted]"],
    [`http://127.0.0.1:3000/api/feeds/${FEED}`, "http://127.0.0.1:3000/api/feeds/[Redacted]"],
  ])("hides the path's secret in %s", (url, logged) => {
    expect(redactUrl(url)).toBe(logged);
  });

  it.each([
    "/api/channels/search?q=cooking&limit=5",
    "/sign-in/link",
    "/x?token",
    "/x?",
    "/x?tokens=1&channel_id=UC1&v=abc",
    "/api/feeds",
    "/api/feeds/",
    "/api/shared-summaries",
    "/api/user/feed/reset",
    "/api/feedsx/abc",
    "/api/s/abc",
    "/s",
  ])("keeps %s as it is", (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});
