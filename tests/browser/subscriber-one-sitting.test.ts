import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { callFromPage, linkInMailbox, openPageForEachTest, toastIn, uniqueEmail } from "./support.ts";

describe("a new subscriber's first sitting with the product as `make start` runs it", () => {
  let page: Page;
  openPageForEachTest((opened) => {
    ({ page } = opened);
  });

  it("signs up, adds channels, subscribes in test mode, gets a digest now, reads it, unsubscribes by its link and cancels", {
    timeout: 180_000,
  }, async () => {
    const email = uniqueEmail("sitting");
    await page.goto("/signup");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill("a long password");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/dashboard");

    // Two channels from the dashboard's search.
    const search = async (text: string) => {
      await page.getByRole("searchbox", { name: "Search for YouTube channels" }).fill(text);
      await page.getByRole("button", { name: "Search", exact: true }).click();
    };
    const channels = page.getByRole("region", { name: "Your channels" });
    await search("orbit");
    await page.getByRole("button", { name: /Pocket Orbit/, pressed: false }).click();
    await channels.getByText("Pocket Orbit").waitFor();
    await search("kitchen");
    await page.getByRole("button", { name: /Copper Pan Kitchen/, pressed: false }).click();
    await channels.getByText("Copper Pan Kitchen").waitFor();

    // Subscribe Now → the plan the channels need → checkout in test mode → back to the dashboard.
    await page.getByRole("link", { name: "Subscribe Now" }).click();
    await page.getByRole("button", { name: /^Start Free Trial - / }).click();
    await page.waitForURL(/\/checkout\/\w+$/);
    await page.getByRole("button", { name: "TEST MODE: Skip Payment (DEV ONLY)" }).click();
    await page.getByRole("heading", { name: "Subscription Activated!" }).waitFor();
    await page.getByRole("button", { name: "Go to Your Dashboard" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByText(/Plan$/).first().waitFor();

    // This week's digest now (`make digest-now`), then read in the development mailbox.
    await expect
      .poll(async () => (await callFromPage(page, "POST", "/dev/deliver-digest")).body.queued, {
        timeout: 20_000,
      })
      .toBeGreaterThanOrEqual(1);
    const unsubscribe = await linkInMailbox(
      page,
      email,
      /Your week of/,
      /https?:\/\/\S+\/api\/unsubscribe\?token=[^\s)>\]]+/,
    );

    // The same newsletter in the dashboard's history.
    await page.goto("/dashboard");
    await page.getByRole("tab", { name: "Newsletter History" }).click();
    await page
      .getByRole("tabpanel")
      .getByText(/^Your week of .*Pocket Orbit/)
      .first()
      .waitFor();
    // The history with a newsletter in it is checked for accessibility in subscriber-archive.

    // The e-mail's unsubscribe link, as a mail reader opens it.
    await page.goto(unsubscribe);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByText("You are unsubscribed").first().waitFor();

    // And the plan cancelled in settings: access goes on until the period ends.
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Subscription" }).click();
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel your subscription?" });
    await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
    await toastIn(page, "status", "Subscription cancelled").waitFor();
  });
});
