import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSidewaysScroll, PHONE_WIDTH } from "./phone-width.ts";
import {
  callFromPage,
  expectAccessible,
  openPageForEachTest,
  screenshotBoth,
  toastIn,
  uniqueEmail,
} from "./support.ts";

const WIDTHS = [1280, PHONE_WIDTH] as const;
const DATE = String.raw`\w+ \d{1,2}, \d{4}`;
// Made-up channels of the demo catalog (services/catalog/src/demo/demo-catalog.json).
const THREE_CHANNELS = ["UCvM81RMemUTptIftvHQ02sb", "UCv6KzIbgqc8beFl9AFlcyYA", "UCncQA5f8UUJcbPTPlW6Osd_"];

/**
 * One honest trial and self-serve plans, in test mode as `make start` runs: a plan chosen during the free
 * days is $0 today; Settings › Subscription moves a reader up (the prorated amount shown first), down at the
 * period's end, refuses a move down while too many channels are followed, and cancels and resumes.
 */
describe("the $0 checkout during the trial, and the plan switcher in Settings", () => {
  let page: Page;
  openPageForEachTest((opened) => {
    ({ page } = opened);
  });

  const call = (method: string, url: string, body?: unknown) => callFromPage(page, method, url, body);
  const toast = (title: string) => toastIn(page, "status", title);
  const facts = () => page.locator(".settings-facts");
  const tier = (name: string) =>
    page.locator(".plan-switcher-tier").filter({ has: page.getByText(name, { exact: true }) });

  /** A new signed-in account in its free days. */
  const signUp = async (prefix: string) => {
    await page.goto("/terms");
    const email = uniqueEmail(prefix);
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    return email;
  };

  /** A plan chosen at checkout with test mode's skip, during the free days. */
  const chooseInTrial = async (plan: string) => {
    await page.goto(`/checkout/${plan}`);
    await page.getByRole("button", { name: "TEST MODE: Skip Payment (DEV ONLY)" }).click();
    await page.getByRole("heading", { name: "Subscription Activated!" }).waitFor();
  };

  const openSubscriptionTab = async () => {
    await page.goto("/settings?tab=subscription");
    await page.getByRole("tab", { name: "Subscription", selected: true }).waitFor();
  };

  /** Asks for the move on `name`'s row, and answers the confirmation billing's quote words. */
  const move = async (button: string, title: string, body: RegExp, screenshot?: string) => {
    await page.getByRole("button", { name: button }).click();
    const dialog = page.getByRole("dialog", { name: title });
    await dialog.getByText(body).waitFor();
    if (screenshot) {
      await expectAccessible(page);
      await screenshotBoth(page, screenshot, WIDTHS);
    }
    await dialog.getByRole("button", { name: button }).click();
    await toast("Plan changed").waitFor();
  };

  it("during the free days a plan is $0 today, first charged when they end", async () => {
    await signUp("trial-plan");
    await page.goto("/checkout/premium");
    await page.getByText("7 days free, then $9.99/month.").waitFor();
    await page.getByText(new RegExp(`Due today \\$0\\.00, then \\$9\\.99/month from ${DATE}\\.`)).waitFor();
    expect(await page.getByText(/\$9\.99 today/).count()).toBe(0);
    // Its accessibility is checked on the same screen in visitor-funnel's first test.
    await expectNoSidewaysScroll(page);
    await screenshotBoth(page, "checkout-trial", WIDTHS);

    await page.getByRole("button", { name: "TEST MODE: Skip Payment (DEV ONLY)" }).click();
    await page.getByRole("heading", { name: "Subscription Activated!" }).waitFor();
    const receipt = page.locator(".checkout-success-card");
    await receipt.getByText("Due today").waitFor();
    await receipt.getByText(new RegExp(`^\\$9\\.99 on ${DATE}$`)).waitFor();
    await screenshotBoth(page, "checkout-trial-activated", WIDTHS);

    await openSubscriptionTab();
    await facts()
      .getByText(new RegExp(`^Trial, then Premium from ${DATE} \\(test mode\\)$`))
      .waitFor();
    await tier("Premium").getByText("Your plan").waitFor();
    // A switch during the trial is at once, and still charges nothing before it ends.
    await move(
      "Switch to Pro",
      "Switch to Pro?",
      /^Pro starts now\. Nothing is charged today; \$29\.99\/month from /,
    );
    await facts().getByText("Pro Plan").waitFor();
    await tier("Pro").getByText("Your plan").waitFor();
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);
    await screenshotBoth(page, "settings-trial-plan", WIDTHS);

    // /subscribe says so too, and leads here rather than back to itself.
    await page.goto("/subscribe");
    await page.getByRole("heading", { level: 1, name: "You're Already Subscribed" }).waitFor();
    expect(await page.getByRole("link", { name: "Manage Subscription" }).getAttribute("href")).toBe(
      "/settings?tab=subscription",
    );
  });

  it("moves Solo up to Pro with the prorated amount shown first, Pro down to Premium at the period's end, then cancels and resumes", async () => {
    await signUp("switcher");
    await chooseInTrial("solo");
    await openSubscriptionTab();
    await page.getByRole("button", { name: "TEST MODE: End Trial Now (DEV ONLY)" }).click();
    await toast("Trial ended").waitFor();
    await facts().getByText("Active (test mode)").waitFor();
    await facts().getByText("Renews").waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "settings-switcher", WIDTHS);

    await move(
      "Move up to Pro",
      "Move up to Pro?",
      new RegExp(
        `^Pro starts now\\. \\$2[45]\\.\\d\\d is charged today for the rest of this billing period, then \\$29\\.99/month from ${DATE}\\.$`,
      ),
      "settings-move-up",
    );
    await facts().getByText("Pro Plan").waitFor();
    await facts().getByText("$29.99 per month").waitFor();

    await move(
      "Move down to Premium",
      "Move down to Premium?",
      new RegExp(
        `^You keep Pro until ${DATE}; Premium follows then, at \\$9\\.99/month\\. Nothing is charged today\\.$`,
      ),
      "settings-move-down",
    );
    await facts()
      .getByText(new RegExp(`^Active; moves to Premium on ${DATE} \\(test mode\\)$`))
      .waitFor();
    await tier("Premium")
      .getByText(new RegExp(`^From ${DATE}$`))
      .waitFor();
    await tier("Pro").getByRole("button", { name: "Keep Pro" }).waitFor();

    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    await page
      .getByRole("dialog", { name: "Cancel your subscription?" })
      .getByRole("button", { name: "Cancel Subscription" })
      .click();
    await toast("Subscription cancelled").waitFor();
    await facts()
      .getByText(new RegExp(`^Cancels on ${DATE} \\(test mode\\)$`))
      .waitFor();
    await page.getByText("Resume your subscription to change its plan.").waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "settings-cancelled", WIDTHS);
    await page.getByRole("button", { name: "Resume" }).click();
    await toast("Subscription resumed").waitFor();
    await facts()
      .getByText(/^Active; moves to Premium on /)
      .waitFor();
    expect((await call("GET", "/api/subscription")).body).toMatchObject({
      plan: "pro",
      scheduledPlan: "premium",
      cancelAtPeriodEnd: false,
    });
  });

  it("refuses a move down while more channels are followed than the lower plan allows, naming how many to remove", async () => {
    await signUp("too-many");
    await chooseInTrial("premium");
    for (const youtubeChannelId of THREE_CHANNELS) {
      expect((await call("POST", "/api/user/channels", { youtubeChannelId })).status).toBe(201);
    }
    await openSubscriptionTab();
    await page.getByRole("button", { name: "Switch to Solo" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: "You follow 3 channels and Solo allows 1. Please remove 2 channels first." })
      .waitFor();
    expect(await page.getByRole("dialog").count()).toBe(0);
    await expectAccessible(page);
    await screenshotBoth(page, "settings-move-refused", WIDTHS);
    expect((await call("GET", "/api/subscription")).body).toMatchObject({ plan: "premium" });
  });
});
