import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSidewaysScroll, PHONE_WIDTH } from "./phone-width.ts";
import {
  callFromPage,
  expectAccessible,
  type Json,
  openPageForEachTest,
  screenshotAt,
  screenshotBoth,
  startPlanInTestMode,
  toastIn,
  uniqueEmail,
} from "./support.ts";

// Made-up channels of the demo catalog (services/catalog/src/demo/demo-catalog.json).
const COPPER_PAN_KITCHEN = "UCvM81RMemUTptIftvHQ02sb";
const GRAIN_AND_GAUGE_WOODSHOP = "UCv6KzIbgqc8beFl9AFlcyYA";
const FIVE_CHANNELS = [
  COPPER_PAN_KITCHEN,
  GRAIN_AND_GAUGE_WOODSHOP,
  "UCncQA5f8UUJcbPTPlW6Osd_",
  "UCsUyKAylS_HnkNxq02KhMaY",
  "UCRkEwtRqYY0JWYc54J0p7rV",
];

describe("/dashboard: channels used of the plan's, the limit, nothing new, and a phone", () => {
  let page: Page;
  openPageForEachTest((opened) => {
    ({ page } = opened);
  });

  const call = (method: string, url: string, body?: unknown) => callFromPage(page, method, url, body);
  const channelsTab = () => page.getByRole("tab", { name: /My YouTube Channels/ });
  const limitNote = () => page.getByText(/as many as your .* allows/).locator("..");

  /** A new signed-in account; `before` runs with its session before any channel is followed. */
  const signUp = async (prefix: string, before?: () => Promise<void>): Promise<string> => {
    await page.goto("/terms");
    const email = uniqueEmail(prefix);
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    await before?.();
    return email;
  };

  const follow = async (channelIds: readonly string[]) => {
    for (const youtubeChannelId of channelIds) {
      expect((await call("POST", "/api/user/channels", { youtubeChannelId })).status).toBe(201);
    }
  };

  const openDashboard = async () => {
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  };

  it("says on the tab how many of the plan's channels are used, and keeps count", async () => {
    await signUp("count");
    await follow([COPPER_PAN_KITCHEN, GRAIN_AND_GAUGE_WOODSHOP]);
    await openDashboard();
    expect(await channelsTab().textContent()).toBe("My YouTube Channels2 of 5 channels");
    expect(await limitNote().count()).toBe(0);
    await page
      .getByRole("region", { name: "Your channels" })
      .getByRole("button", { name: /Remove/ })
      .first()
      .click();
    await toastIn(page, "status", "Channel removed").waitFor();
    await page.getByRole("tab", { name: "My YouTube Channels 1 of 5 channels" }).waitFor();
  });

  it("at the trial's limit, names the plan that allows more and leads to its checkout", async () => {
    await signUp("limit-trial");
    await follow(FIVE_CHANNELS);
    await openDashboard();
    await page.getByRole("tab", { name: "My YouTube Channels 5 of 5 channels" }).waitFor();
    const note = limitNote();
    await note.waitFor();
    expect(await note.textContent()).toBe(
      "You follow 5 of 5 channels, as many as your free trial allows." +
        "The Pro plan follows up to 25 channels for $29.99/month." +
        "Upgrade to Pro",
    );
    // A note, not an error.
    expect(await page.getByRole("alert").filter({ hasText: /\S/ }).count()).toBe(0);
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-channel-limit", [1280, PHONE_WIDTH]);

    await note.getByRole("link", { name: "Upgrade to Pro" }).click();
    await page.waitForURL((url) => url.pathname === "/checkout/pro");
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
  });

  it("at the Solo plan's one channel, names Premium, the 5-channel tier", async () => {
    await signUp("limit-solo", async () => {
      await startPlanInTestMode(call, "solo");
      // Catalog learns the Solo plan's allowance from billing's event.
      await expect
        .poll(async () => (await call("GET", "/api/auth/current-user")).body.channelAllowance, {
          timeout: 10_000,
        })
        .toBe(1);
    });
    await follow([COPPER_PAN_KITCHEN]);
    await openDashboard();
    await page.getByRole("tab", { name: "My YouTube Channels 1 of 1 channel" }).waitFor();
    const note = limitNote();
    await note.waitFor();
    expect(await note.textContent()).toBe(
      "You follow 1 of 1 channel, as many as your plan allows." +
        "The Premium plan follows up to 5 channels for $9.99/month." +
        "Upgrade to Premium",
    );
    // A reader with a plan moves up in Settings, not through a second checkout.
    expect(await note.getByRole("link", { name: "Upgrade to Premium" }).getAttribute("href")).toBe(
      "/settings?tab=subscription",
    );
  });

  it("says 'nothing new' as news, not an error, when nothing came out since the last newsletter", async () => {
    await signUp("nothing-new");
    await follow([COPPER_PAN_KITCHEN]);
    await openDashboard();
    await page.getByRole("region", { name: "Your channels" }).getByText("Copper Pan Kitchen").waitFor();
    // This week's newsletter first, which covers every video there is.
    expect((await call("POST", "/dev/deliver-digest")).status).toBe(200);
    let newsletters: Json[] = [];
    for (let attempt = 0; attempt < 100 && newsletters.length === 0; attempt += 1) {
      await page.waitForTimeout(200);
      newsletters = (await call("GET", "/api/newsletters")).body;
    }
    expect(newsletters).toHaveLength(1);

    await page.getByRole("tab", { name: "Newsletter History" }).click();
    await page.getByRole("button", { name: "Generate Newsletter" }).click();
    const news = toastIn(page, "status", "Nothing new yet");
    await news.waitFor({ timeout: 30_000 });
    expect(await news.textContent()).toContain(
      "There are no new videos from your channels since your last newsletter.",
    );
    expect(await page.getByRole("alert").filter({ hasText: /\S/ }).count()).toBe(0);
    expect((await call("GET", "/api/newsletters")).body).toHaveLength(1);
    await expectAccessible(page);
  });

  it("on a phone: tabs whole, channel names with room, remove as a labelled icon", async () => {
    await signUp("phone");
    await follow(FIVE_CHANNELS);
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    await openDashboard();
    const row = page.getByRole("listitem").filter({ hasText: "Grain and Gauge Woodshop" });
    await row.waitFor();
    // String expressions: this folder has no DOM typings.
    const tabs = await page.evaluate<{ clipped: string[]; listScrolls: boolean }>(`(() => {
      const list = document.querySelector('[role="tablist"]');
      const box = list.getBoundingClientRect();
      const clipped = [...list.querySelectorAll('[role="tab"]')]
        .filter((tab) => {
          const own = tab.getBoundingClientRect();
          return tab.scrollWidth > tab.clientWidth || own.left < box.left || own.right > box.right;
        })
        .map((tab) => tab.textContent);
      return { clipped, listScrolls: list.scrollWidth > list.clientWidth };
    })()`);
    expect(tabs).toEqual({ clipped: [], listScrolls: false });

    // Three lines of a name squeezed beside "Remove" is what a phone showed; two at most now.
    const lines = await page.evaluate<number>(`(() => {
      const title = [...document.querySelectorAll(".dashboard-channel-title")]
        .find((element) => element.textContent === "Grain and Gauge Woodshop");
      return Math.round(title.getBoundingClientRect().height / parseFloat(getComputedStyle(title).lineHeight));
    })()`);
    expect(lines).toBeLessThanOrEqual(2);
    const remove = row.getByRole("button", { name: "Remove Grain and Gauge Woodshop" });
    const removeBox = await remove.boundingBox();
    expect(removeBox?.width).toBeLessThanOrEqual(48);
    expect(removeBox?.height).toBeGreaterThanOrEqual(44);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-channels-phone", [1280, PHONE_WIDTH]);

    await remove.click();
    const removed = toastIn(page, "status", "Channel removed");
    await removed.waitFor();
    await page.getByRole("tab", { name: "My YouTube Channels 4 of 5 channels" }).waitFor();
    // On a phone the toast stands at the top, clear of the buttons a reader presses next.
    const toastBox = await removed.boundingBox();
    expect(toastBox?.y).toBeLessThan(200);
    await screenshotAt(page, "dashboard-channel-removed-phone");
    // One press removed it, with no confirm: the toast takes it back.
    await removed.getByRole("button", { name: "Undo" }).click();
    await toastIn(page, "status", "Channel added").waitFor();
    await page.getByRole("tab", { name: "My YouTube Channels 5 of 5 channels" }).waitFor();
  });
});
