import { describe, expect, it } from "vitest";
import { canonicalTarget } from "./canonical-path.ts";

describe("canonical request path", () => {
  it.each([
    ["/", "/", ""],
    ["/api/auth/login", "/api/auth/login", ""],
    ["/api/auth/log%69n", "/api/auth/login", ""],
    ["/api/user/channels/UC%5Fx-y", "/api/user/channels/UC_x-y", ""],
    ["/dashboard/", "/dashboard/", ""],
    ["/api/youtube/search?query=a%C0&x=..%2F", "/api/youtube/search", "query=a%C0&x=..%2F"],
    ["/api/youtube/search?", "/api/youtube/search", ""],
    ["/b%C3%BCcher", "/b%C3%BCcher", ""],
    ["/a:b@c", "/a%3Ab%40c", ""],
    ["/assets/index-abc.js", "/assets/index-abc.js", ""],
  ])("keeps %s as path %s and query %j", (raw, path, query) => {
    expect(canonicalTarget(raw)).toEqual({ ok: true, path, query });
  });

  it.each([
    "/api/youtube/x\\..\\..\\..\\internal/channels/a/videos",
    "/api/youtube/x/../../internal/channels",
    "/api/auth/./login",
    "/api/auth/%2e/login",
    "/api/auth/%2E%2E/login",
    "/api/auth/.%2e/login",
    "/api/youtube/x%2F..%2F..%2Finternal",
    "/api/youtube/x%5c..",
    "/api//auth/login",
    "//api/auth/login",
    "/api/auth/login%00",
    "/api/auth/lo%0Agin",
    "/api/auth/%C0%AE%C0%AE/login",
    "/api/auth/%E0%80",
    "/api/auth/%",
    "/api/auth/%zz",
    "/api/auth/%2",
    "/api/auth/login#frag",
    "/api/auth/lo gin",
    "/api/auth/lo\u0000gin",
    "/api/auth/caf\u00e9",
    "/..",
    "/.",
    "http://evil.example/api/auth/login",
    "*",
    "",
  ])("refuses %j", (raw) => {
    expect(canonicalTarget(raw).ok).toBe(false);
  });

  it("gives one spelling for every encoding of the same path", () => {
    const spellings = ["/api/auth/login", "/api/auth/%6Cogin", "/api/auth/%6cogin", "/%61pi/auth/login"];
    const paths = new Set(spellings.map((raw) => (canonicalTarget(raw) as { path: string }).path));
    expect([...paths]).toEqual(["/api/auth/login"]);
  });
});
