import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  callFromPage,
  expectAccessible,
  type Json,
  openPageForEachTest,
  screenshotBoth,
  toastIn,
  uniqueEmail,
} from "./support.ts";

// Made-up channels of the demo catalog (services/catalog/src/demo/demo-catalog.json): the trial's 5, and
// one more to go past it.
const FIVE_CHANNELS = [
  "UCvM81RMemUTptIftvHQ02sb",
  "UCv6KzIbgqc8beFl9AFlcyYA",
  "UCncQA5f8UUJcbPTPlW6Osd_",
  "UCsUyKAylS_HnkNxq02KhMaY",
  "UCRkEwtRqYY0JWYc54J0p7rV",
];
const COPPER_PAN_KITCHEN = "UCvM81RMemUTptIftvHQ02sb";

const EMPTY_CHANNELS =
  "You haven't added any channels yet. Use the search above to find your favorite YouTube channels.";
const EMPTY_NEWSLETTERS =
  "No newsletters have been generated yet. Add channels and generate your first newsletter.";

describe("/dashboard", () => {
  let page: Page;
  openPageForEachTest((opened) => {
    ({ page } = opened);
  });

  const toast = (role: "status" | "alert", title: string) => toastIn(page, role, title);

  const call = (method: string, url: string, body?: unknown) => callFromPage(page, method, url, body);

  /** A new account with a password, signed in, following `channelIds`; then its dashboard. */
  const signUpAndOpen = async (prefix: string, channelIds: readonly string[] = []): Promise<string> => {
    // A light page whose policy lets the calls through: the landing page is not what is tested here.
    await page.goto("/terms");
    const email = uniqueEmail(prefix);
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    for (const youtubeChannelId of channelIds) {
      expect((await call("POST", "/api/user/channels", { youtubeChannelId })).status).toBe(201);
    }
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    return email;
  };

  /** What the landing page keeps (a string expression: this file has no DOM typings). */
  const keepUserEmail = (email: string) =>
    page.evaluate(`sessionStorage.setItem("userEmail", ${JSON.stringify(email)})`);

  const search = async (text: string) => {
    await page.getByRole("searchbox", { name: "Search for YouTube channels" }).fill(text);
    await page.getByRole("button", { name: "Search", exact: true }).click();
  };

  const channelsList = () => page.getByRole("region", { name: "Your channels" });

  it("asks to sign in when nobody is, after trying no automatic login without an e-mail", async () => {
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: "Authentication Required" }).waitFor();
    await page.getByText("Please log in to access your dashboard.").waitFor();
    expect(await page.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/login");
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-signed-out");
  });

  it("shows the trial account and adds and removes a channel found by search", async () => {
    const email = await signUpAndOpen("dashboard");
    await page.getByText(email).waitFor();
    await page.getByText("Free Trial", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: "Subscribe Now" }).getAttribute("href")).toBe("/subscribe");
    expect(await page.getByRole("link", { name: "Account Settings" }).getAttribute("href")).toBe("/settings");
    expect(await page.getByRole("tab", { name: "My YouTube Channels" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    await channelsList().getByText(EMPTY_CHANNELS).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-empty");

    await search("kitchen");
    await page.getByRole("button", { name: /Copper Pan Kitchen/, pressed: false }).click();
    await toast("status", "Channel added").waitFor();
    await channelsList().getByText("Copper Pan Kitchen").waitFor();
    expect(await channelsList().locator("img").count()).toBe(1);
    // The search card now reads as chosen.
    await page.getByRole("button", { name: /Copper Pan Kitchen/, pressed: true }).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-one-channel");

    await channelsList().getByRole("button", { name: "Remove Copper Pan Kitchen" }).click();
    await toast("status", "Channel removed").waitFor();
    await channelsList().getByText(EMPTY_CHANNELS).waitFor();
    expect((await call("GET", "/api/user/channels")).body).toEqual([]);
  });

  it("says calmly, with the server's words, that a sixth channel is past the trial's allowance of 5", async () => {
    await signUpAndOpen("allowance", FIVE_CHANNELS);
    await channelsList().getByText("Muddy Boots Garden").waitFor();
    await search("orbit");
    await page.getByRole("button", { name: /Pocket Orbit/, pressed: false }).click();
    // News, not an error: the limit is the plan's, and nothing went wrong.
    const refused = toast("status", "Channel limit reached");
    await refused.waitFor();
    expect(await refused.textContent()).toContain(
      "Your free trial allows 5 channels. The Pro plan allows up to 25 channels.",
    );
    expect(await page.getByRole("alert").filter({ hasText: /\S/ }).count()).toBe(0);
    expect(await channelsList().getByRole("listitem").count()).toBe(5);
    await expectAccessible(page);
  });

  it("lists the digest delivered by the development tool in Newsletter History", async () => {
    await signUpAndOpen("history", [COPPER_PAN_KITCHEN]);
    await page.getByRole("tab", { name: "Newsletter History" }).click();
    await page.getByText(EMPTY_NEWSLETTERS).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-history-empty");

    expect((await call("POST", "/dev/deliver-digest")).status).toBe(200);
    let newsletters: Json[] = [];
    for (let attempt = 0; attempt < 100 && newsletters.length === 0; attempt += 1) {
      await page.waitForTimeout(200);
      newsletters = (await call("GET", "/api/newsletters")).body;
    }
    expect(newsletters.length).toBe(1);
    await page.reload();
    await page.getByRole("tab", { name: "Newsletter History" }).click();
    const item = page.getByRole("listitem").filter({ hasText: newsletters[0].subject });
    await item.getByRole("heading", { level: 3, name: newsletters[0].subject }).waitFor();
    // The start of what it says, as text: the channel first, never the markdown it is stored as.
    const snippet = (await item.locator(".dashboard-newsletter-snippet").textContent()) ?? "";
    expect(snippet.startsWith("Copper Pan Kitchen: ")).toBe(true);
    expect(snippet).not.toMatch(/#|\*\*|\]\(/);
    await item.locator("time").waitFor();
    // The history with a newsletter in it is checked for accessibility in subscriber-archive.
    await screenshotBoth(page, "dashboard-history");
  });

  it("generates a newsletter now, says so and lists it", async () => {
    await signUpAndOpen("generate", [COPPER_PAN_KITCHEN]);
    await page.getByRole("tab", { name: "Newsletter History" }).click();
    await page.getByText(EMPTY_NEWSLETTERS).waitFor();
    await page.getByRole("button", { name: "Generate Newsletter" }).click();
    await toast("status", "Newsletter generated").waitFor({ timeout: 30_000 });
    await page.getByRole("tabpanel").getByRole("listitem").first().waitFor({ timeout: 30_000 });
    expect(await page.getByText(EMPTY_NEWSLETTERS).count()).toBe(0);
  });

  it("signs in automatically with the landing page's e-mail kept in session storage", async () => {
    await page.goto("/");
    const email = uniqueEmail("auto-login");
    // The landing page's password-less account; its claim cookie is what lets this browser sign in by e-mail.
    expect((await call("POST", "/api/auth/register-with-email", { email, channels: [] })).status).toBe(201);
    expect((await call("GET", "/api/auth/current-user")).status).toBe(401);
    await keepUserEmail(email);

    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await page.getByText(email).waitFor();
    expect((await call("GET", "/api/auth/current-user")).body.email).toBe(email);
  });

  it("asks to sign in when the e-mail in session storage cannot sign in here", async () => {
    await page.goto("/");
    await keepUserEmail(uniqueEmail("stranger"));
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: "Authentication Required" }).waitFor();
  });

  it("works from the keyboard alone: tabs, arrow keys, adding and removing a channel", async () => {
    await signUpAndOpen("keyboard");
    // String expressions: this file has no DOM typings.
    const focused = (): Promise<string> =>
      page.evaluate(`(() => {
        const element = document.activeElement;
        return (element?.getAttribute("role") ?? element?.tagName.toLowerCase()) + ":" + (element?.textContent ?? "");
      })()`);
    // The channels tab also says how many of the plan's channels are used.
    const channelsTab = "tab:My YouTube Channels0 of 5 channels";
    for (let presses = 0; presses < 30 && (await focused()) !== channelsTab; presses += 1) {
      await page.keyboard.press("Tab");
    }
    expect(await focused()).toBe(channelsTab);

    await page.keyboard.press("ArrowRight");
    expect(await focused()).toBe("tab:Newsletter History");
    await page.getByText(EMPTY_NEWSLETTERS).waitFor();
    await page.keyboard.press("ArrowLeft");
    expect(await focused()).toBe(channelsTab);
    await page.getByText(EMPTY_CHANNELS).waitFor();

    await page.keyboard.press("Tab");
    await page.keyboard.type("kitchen");
    await page.keyboard.press("Enter");
    const card = page.getByRole("button", { name: /Copper Pan Kitchen/ });
    await card.waitFor();
    // Past the Search button to the first result card.
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    expect(await focused()).toContain("Copper Pan Kitchen");
    await page.keyboard.press("Space");
    await toast("status", "Channel added").waitFor();
    await channelsList().getByText("Copper Pan Kitchen").waitFor();

    await channelsList().getByRole("button", { name: "Remove Copper Pan Kitchen" }).focus();
    await page.keyboard.press("Enter");
    await toast("status", "Channel removed").waitFor();
    await channelsList().getByText(EMPTY_CHANNELS).waitFor();
  });
});
