import { uniqueName } from "@tubedigest/testing/test-infra";
import { beforeAll, describe, expect, it } from "vitest";
import { Browser, sharedTestStack, type TestStack } from "./test-stack.ts";

const password = "correct horse battery";
const INVALID_EMAIL = "Please enter a valid email address";
const channel = {
  youtubeId: "UC_x5XG1OV2P6uZZ5FSM9Ttw",
  title: "Google for Developers",
  description: "Line one\n\tline two",
  thumbnailUrl: "https://yt3.ggpht.com/a.jpg",
  subscriberCount: "2540000",
};

// A NUL used to reach Postgres, which refuses it ("invalid byte sequence") and so made a 500. The
// embedded parts' PGlite is the same Postgres, so the real parts alone show it.
describe("control characters in text (real parts)", () => {
  let stack: TestStack;
  let signedIn: Browser;
  let signedInEmail: string;
  beforeAll(async () => {
    stack = await sharedTestStack("real");
    signedIn = new Browser(stack.gateway);
    signedInEmail = `${uniqueName("text")}@example.com`;
    await signedIn.call("POST", "/api/auth/register", { email: signedInEmail, password });
  });

  it.each([
    ["/api/auth/register", { email: "nul\u0000@example.com", password }],
    ["/api/auth/login", { email: "nul\u0000@example.com", password }],
    ["/api/auth/register-with-email", { email: "nul\u0000@example.com", channels: [] }],
    ["/api/auth/login-with-email", { email: "nul\u0000@example.com" }],
    ["/api/auth/sign-in-link", { email: "nul\u0000@example.com" }],
    // Invisible, so it would make an address look like someone else's.
    ["/api/auth/register", { email: "ann\u200b@example.com", password }],
  ])("POST %s with %j answers 400, not 500", async (url, body) => {
    const response = await new Browser(stack.gateway).call("POST", url, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: INVALID_EMAIL });
  });

  it("refuses a NUL in a password, in a full name and in a channel's title or description", async () => {
    const cases = [
      [
        new Browser(stack.gateway),
        "POST",
        "/api/auth/register",
        { email: `${uniqueName("text")}@example.com`, password: "pass\u0000word" },
        "Password must be a single line of text without control characters.",
      ],
      [
        signedIn,
        "PATCH",
        "/api/user/profile",
        { email: signedInEmail, fullName: "Ada\u0000" },
        "Full name must be a single line of text without control characters.",
      ],
      [
        signedIn,
        "POST",
        "/api/user/password",
        { currentPassword: password, newPassword: "new\u0000password" },
        "Password must be a single line of text without control characters.",
      ],
      [
        signedIn,
        "DELETE",
        "/api/user/account",
        { email: `${signedInEmail}\u0000` },
        "Please type your email address exactly as shown to confirm.",
      ],
      [
        new Browser(stack.gateway),
        "POST",
        "/api/auth/register-with-email",
        { email: `${uniqueName("text")}@example.com`, channels: [{ ...channel, title: "Bad\u0000" }] },
        "Channel title must be a single line of text without control characters.",
      ],
      [
        new Browser(stack.gateway),
        "POST",
        "/api/auth/register-with-email",
        {
          email: `${uniqueName("text")}@example.com`,
          channels: [{ ...channel, description: "Bad\u0000" }],
        },
        "Channel description must not contain control characters other than tabs and line breaks.",
      ],
      [
        signedIn,
        "POST",
        "/api/user/channels",
        { youtubeChannelId: channel.youtubeId, title: "Bad\u0000" },
        "Channel title must be a single line of text without control characters.",
      ],
    ] as const;
    for (const [browser, method, url, body, message] of cases) {
      const response = await browser.call(method, url, body);
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message });
    }
    expect((await signedIn.call("GET", "/api/auth/current-user")).json()).toMatchObject({ fullName: null });
  });

  it("takes line breaks and tabs in a channel description", async () => {
    const response = await new Browser(stack.gateway).call("POST", "/api/auth/register-with-email", {
      email: `${uniqueName("text")}@example.com`,
      channels: [channel],
    });
    expect(response.statusCode).toBe(201);
  });

  it("searches for text with a slash and dots, and refuses a control character with a message", async () => {
    const visitor = new Browser(stack.gateway);
    const dots = await visitor.call("GET", "/api/youtube/search?query=AC%2F..DC");
    expect(dots.statusCode).toBe(200);
    expect(Array.isArray(dots.json())).toBe(true);
    const nul = await visitor.call("GET", "/api/youtube/search?query=AC%00DC");
    expect(nul.statusCode).toBe(400);
    expect(nul.json()).toEqual({
      message: "Search text must not contain control characters other than tabs and line breaks.",
    });
  });
});
