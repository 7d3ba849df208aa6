import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  callFromPage,
  expectAccessible,
  linkInMailbox,
  openPageForEachTest,
  screenshotBoth,
  uniqueEmail,
} from "./support.ts";

const ABANDONMENT_PATH = "/api/send-abandonment-email";
// The first preview summarises a demo channel's week while the visitor waits: longer than any other page.
const PREVIEW_WAIT_MS = 45_000;

/** What GET /api/auth/current-user answers in the page, with its cookies; null for a visitor. */
async function currentUserIn(
  page: Page,
): Promise<{ email: string; subscriptionStatus: string | null } | null> {
  return page.evaluate(async () => {
    const response = await fetch("/api/auth/current-user", { credentials: "include" });
    return response.ok
      ? ((await response.json()) as { email: string; subscriptionStatus: string | null })
      : null;
  });
}

/**
 * Keeps the funnel's session state as the landing page would, from the product's own search. A string
 * expression runs in the page, so this file needs no DOM typings.
 */
async function chooseChannels(page: Page, query: string, count: number, email: string): Promise<string[]> {
  await page.goto("/");
  return page.evaluate<string[]>(`(async () => {
    const response = await fetch("/api/youtube/search?query=" + encodeURIComponent(${JSON.stringify(query)}));
    const results = (await response.json()).slice(0, ${count});
    sessionStorage.setItem("selectedChannels", JSON.stringify(results));
    sessionStorage.setItem("userEmail", ${JSON.stringify(email)});
    return results.map((result) => result.snippet.title);
  })()`);
}

/** An account signed in with a password in this page's browser context. */
async function registerIn(page: Page, email: string): Promise<void> {
  await page.goto("/");
  expect(
    (await callFromPage(page, "POST", "/api/auth/register", { email, password: "password123" })).status,
  ).toBe(201);
}

describe("visitor funnel: landing → preview → plan → checkout in test mode → dashboard", () => {
  let page: Page;
  openPageForEachTest((opened) => {
    ({ page } = opened);
  });

  it("reaches a plan, $0 until the free days end, and a signed-in dashboard, with no abandonment e-mail", {
    timeout: 120_000,
  }, async () => {
    const abandonments: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === ABANDONMENT_PATH) abandonments.push(request.method());
    });
    const email = uniqueEmail("funnel");

    await page.goto("/");
    await page.getByRole("searchbox", { name: "Search for YouTube channels" }).fill("orbit");
    await page.getByRole("button", { name: /Pocket Orbit/ }).click();
    await page.getByRole("textbox", { name: "Your email address" }).fill(email);
    await page.getByRole("button", { name: "Preview Your Newsletter" }).click();

    await page.waitForURL("**/preview");
    // The landing page's account is signed in at once, with the claim this browser holds.
    expect(await currentUserIn(page)).toMatchObject({ email, subscriptionStatus: "trial" });
    await page
      .getByRole("heading", { level: 1, name: "Your Newsletter Preview" })
      .waitFor({ timeout: PREVIEW_WAIT_MS });
    const inbox = page.getByRole("article", { name: "Your Weekly Content Summary is Ready" });
    await inbox.waitFor();
    expect(await page.locator("#mock-inbox-subject").textContent()).toMatch(
      /^Your week of \d{1,2} \w+: Pocket Orbit$/,
    );
    expect(await inbox.textContent()).toContain(email);
    await inbox.getByText(/^We analyzed \d+ videos this week$/).waitFor();
    // Three videos this week: the first is readable, the rest blurred and out of the reading order.
    expect(await inbox.locator("[inert][aria-hidden=true]").count()).toBe(1);
    await page.getByText(/^\d+ videos analyzed weekly$/).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    const planNames = await page.getByRole("button", { name: /^Choose / }).allTextContents();
    expect(planNames).toEqual(["Choose Solo", "Choose Premium", "Choose Pro"]);
    await expectAccessible(page);
    await screenshotBoth(page, "preview");

    await page.getByRole("button", { name: "Choose Premium" }).click();
    await page.waitForURL("**/checkout/premium");
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    const summary = page.locator(".checkout-summary");
    expect(await summary.textContent()).toContain("Premium");
    expect(await summary.textContent()).toContain("$9.99/month");
    expect(await summary.textContent()).toContain("Pocket Orbit");
    expect(
      await page.evaluate<(string | null)[]>(
        '[sessionStorage.getItem("selectedPlan"), sessionStorage.getItem("calculatedPrice")]',
      ),
    ).toEqual(["premium", "9.99"]);
    // make start's defaults: test mode on and no Stripe key, so no card form and nothing from Stripe.
    expect(await page.getByRole("button", { name: /^Pay / }).count()).toBe(0);
    await expectAccessible(page);
    await screenshotBoth(page, "checkout");

    await page.getByRole("button", { name: "TEST MODE: Skip Payment (DEV ONLY)" }).click();
    await page.getByRole("heading", { level: 1, name: "Subscription Activated!" }).waitFor();
    const activated = page.locator(".checkout-success-card");
    expect(await activated.textContent()).toContain("Premium");
    expect(await activated.textContent()).toContain("$9.99/month");
    expect(await activated.textContent()).toContain("Up to 5");
    // Chosen during the free days: nothing today, the first charge when they end.
    expect(await activated.textContent()).toMatch(/Due today\$0\.00First charge\$9\.99 on /);
    await activated.getByRole("heading", { name: "What happens next?" }).waitFor();
    expect(await activated.textContent()).toContain("within 7 days");
    // First value at once: the plan started with a channel followed, so this week's digest is mailed now.
    await activated.getByText(/^Your first digest is on its way/).waitFor();
    await linkInMailbox(page, email, /Your week of/, /https?:\/\/\S+\/newsletters\/[\w-]+/);
    await page.getByRole("link", { name: "Return to Home" }).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "checkout-activated");

    const chosen = { email, subscriptionStatus: "trial", subscriptionPlan: "premium" };
    expect(await currentUserIn(page)).toMatchObject(chosen);
    await page.getByRole("button", { name: "Go to Your Dashboard" }).click();
    await page.waitForURL("**/dashboard");
    expect(await currentUserIn(page)).toMatchObject(chosen);
    // The dashboard's first view shows that first digest, with 'Generate Newsletter' at hand.
    const latest = page.getByRole("region", { name: "Latest newsletter" });
    await latest.getByRole("link", { name: /^Your week of .*Pocket Orbit/ }).waitFor();
    await latest.getByRole("button", { name: "Generate Newsletter" }).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-first-digest");
    expect(abandonments).toEqual([]);
  });

  it("takes a returning customer, signed out, to checkout through a sign-in link, never 'could not find your account'", async () => {
    const email = uniqueEmail("returning");
    // Her account from before, made with a password in this browser, which then signed out.
    await registerIn(page, email);
    expect((await callFromPage(page, "POST", "/api/auth/logout")).status).toBeLessThan(300);
    // Back on the landing page with her address: the sign-up answers as for anyone (no account is named).
    await chooseChannels(page, "orbit", 1, email);
    expect(
      (await callFromPage(page, "POST", "/api/auth/register-with-email", { email, channels: [] })).status,
    ).toBe(201);
    await page.goto("/checkout/premium");
    await page.getByRole("button", { name: "TEST MODE: Skip Payment (DEV ONLY)" }).click();
    const inbox = page.getByRole("status").filter({ hasText: "Check your inbox" });
    await inbox.getByText(`sign-in link to ${email}`).waitFor();
    expect(await page.getByText(/could not find your account/).count()).toBe(0);
    await expectAccessible(page);
    await screenshotBoth(page, "checkout-sign-in-to-continue");

    const link = await linkInMailbox(
      page,
      email,
      /sign-in link/,
      /https?:\/\/\S+\/sign-in\/link\?token=[\w-]+/,
    );
    await page.goto(link);
    await page.getByRole("button", { name: `Sign in as ${email}` }).click();
    await page.getByRole("link", { name: "Continue to Checkout" }).click();
    await page.waitForURL("**/checkout/premium");
    await page.getByRole("button", { name: "TEST MODE: Skip Payment (DEV ONLY)" }).click();
    await page.getByRole("heading", { level: 1, name: "Subscription Activated!" }).waitFor();
  });

  it("lists at most 3 channels, says how many more, and sells the default plan for a name nobody sells", async () => {
    const titles = await chooseChannels(page, "demo channel", 5, uniqueEmail("summary"));
    expect(titles).toHaveLength(5);
    await page.goto("/checkout/gold");
    await page.getByRole("heading", { level: 1, name: "Checkout" }).waitFor();
    await page.getByText("We don't sell a plan called “gold”, so this is our Premium plan.").waitFor();
    const summary = page.locator(".checkout-summary");
    expect(await summary.getByRole("listitem").allTextContents()).toEqual(titles.slice(0, 3));
    await summary.getByText("and 2 more channels").waitFor();
    expect(await summary.textContent()).toContain("$9.99/month");

    await page.goto("/checkout");
    await page.locator(".checkout-summary").getByText("Premium", { exact: true }).waitFor();
  });

  it("asks for the e-mail when none was kept and nobody is signed in, then makes the account and checks out", async () => {
    await page.goto("/checkout/solo");
    const address = page.getByRole("textbox", { name: "Your email address" });
    await address.waitFor();
    expect(await page.getByText(/Missing email information/).count()).toBe(0);
    expect(await page.getByRole("button", { name: "TEST MODE: Skip Payment (DEV ONLY)" }).count()).toBe(0);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "checkout-asks-email");

    const email = uniqueEmail("direct-checkout");
    await address.fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("button", { name: "TEST MODE: Skip Payment (DEV ONLY)" }).click();
    await page.getByRole("heading", { level: 1, name: "Subscription Activated!" }).waitFor();
    expect(await currentUserIn(page)).toMatchObject({
      email,
      subscriptionStatus: "trial",
      subscriptionPlan: "solo",
    });
  });

  it("sends an address that already has an account a sign-in link rather than check it out", async () => {
    const email = uniqueEmail("taken");
    await registerIn(page, email);
    await callFromPage(page, "POST", "/api/auth/logout");
    await page.goto("/checkout/solo");
    await page.getByRole("textbox", { name: "Your email address" }).fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page
      .getByRole("status")
      .filter({ hasText: "Check your inbox" })
      .getByText(`sign-in link to ${email}`)
      .waitFor();
    expect(await page.getByRole("main").getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe(
      "/login",
    );
    expect(await currentUserIn(page)).toBeNull();
  });

  it("shows the server's reason when activation is refused", async () => {
    await chooseChannels(page, "orbit", 1, uniqueEmail("refused"));
    await page.route("**/api/subscribe-with-coupon", (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ message: "Test mode is off." }),
      }),
    );
    await page.goto("/checkout/solo");
    await page.getByRole("button", { name: "TEST MODE: Skip Payment (DEV ONLY)" }).click();
    await page.getByRole("alert").filter({ hasText: "Test mode is off." }).waitFor();
    await page.locator(".checkout-error").filter({ hasText: "Test mode is off." }).waitFor();
  });

  it("shows 'Payment Setup Issue' with the server's reason, and the test-mode skip still, when no card form can be made", async () => {
    await chooseChannels(page, "orbit", 1, uniqueEmail("setup"));
    // As with Stripe configured: a publishable key, while making the PaymentIntent fails.
    await page.route("**/api/plans", async (route) => {
      const plans = await (await route.fetch()).json();
      await route.fulfill({ json: { ...plans, stripePublishableKey: "pk_test_checkout" } });
    });
    await page.route("https://js.stripe.com/**", (route) => route.abort());
    await page.route("**/api/create-payment-intent", (route) =>
      route.fulfill({ status: 503, json: { message: "Card payment is not set up on this server." } }),
    );
    await page.goto("/checkout/pro");
    await page.getByRole("heading", { name: "Payment Setup Issue" }).waitFor();
    await page.getByText("Card payment is not set up on this server.").waitFor();
    await page.getByRole("button", { name: "Go Back" }).waitFor();
    expect(await page.getByRole("link", { name: "Sign In" }).count()).toBe(0);
    await page.getByRole("button", { name: "TEST MODE: Skip Payment (DEV ONLY)" }).waitFor();
    await expectAccessible(page);
  });

  it("mails a sign-in link when the card form is refused for the account's owner only", async () => {
    const email = uniqueEmail("owner-only");
    await chooseChannels(page, "orbit", 1, email);
    await page.route("**/api/plans", async (route) => {
      const plans = await (await route.fetch()).json();
      await route.fulfill({ json: { ...plans, stripePublishableKey: "pk_test_checkout" } });
    });
    await page.route("https://js.stripe.com/**", (route) => route.abort());
    const ownerOnly = "Please sign in to change the plan of your subscription.";
    await page.route("**/api/create-payment-intent", (route) =>
      route.fulfill({ status: 401, json: { message: ownerOnly } }),
    );
    await page.goto("/checkout/pro");
    await page
      .getByRole("status")
      .filter({ hasText: "Check your inbox" })
      .getByText(`sign-in link to ${email}`)
      .waitFor();
    expect(await page.getByText(ownerOnly).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Payment Setup Issue" }).count()).toBe(0);
    await expectAccessible(page);
  });

  describe("/subscribe", () => {
    it("asks a visitor to sign in", async () => {
      await page.goto("/subscribe");
      await page.getByRole("heading", { level: 1, name: "Authentication Required" }).waitFor();
      expect(await page.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/login");
      // The sign-in screen's accessibility is checked once, on /dashboard (subscriber-dashboard).
    });

    it("offers the tier the channels need and leads to its checkout", async () => {
      const email = uniqueEmail("subscribe");
      await registerIn(page, email);
      const titles = await chooseChannels(page, "demo channel", 4, email);
      await page.goto("/subscribe");
      await page.getByRole("heading", { level: 1, name: "Complete Your Subscription" }).waitFor();
      for (const [index, title] of titles.entries()) {
        await page
          .getByRole("listitem")
          .filter({ hasText: `Channel #${index + 1}` })
          .filter({ hasText: title })
          .waitFor();
      }
      await page.getByText("Weekly Newsletter (4 channels)").waitFor();
      // In the free days every account starts with: the plan starts with them, $0 today.
      await page
        .getByText(
          /^Includes your free trial, until .+: \$0\.00 today, your card saved for \$9\.99\/month after it\./,
        )
        .waitFor();
      expect(await page.getByText(/No credit card required/).count()).toBe(0);
      const benefits = page.locator(".subscribe-benefits");
      await benefits
        .getByText("One e-mail a week, on the day and hour you choose (Monday 9:00 by default)", {
          exact: true,
        })
        .waitFor();
      await benefits
        .getByText("Search your newsletters, read them in a private feed, share a summary with a link", {
          exact: true,
        })
        .waitFor();
      await expectAccessible(page);
      await screenshotBoth(page, "subscribe", [1280, 375]);

      await page.getByRole("button", { name: "Start Free Trial - $9.99/month after trial" }).click();
      await page.waitForURL("**/checkout/premium");
      await page.locator(".checkout-summary").getByText("Premium", { exact: true }).waitFor();
    });

    it("disables the button with no channels", async () => {
      await registerIn(page, uniqueEmail("subscribe-empty"));
      await page.goto("/subscribe");
      const start = page.getByRole("button", { name: /^Start Free Trial - / });
      await start.waitFor();
      expect(await start.isDisabled()).toBe(true);
      await page.getByText("Please select at least one channel for your subscription").waitFor();
    });

    it("tells a reader with a plan so, with the way to manage it in Settings", async () => {
      const email = uniqueEmail("subscribed");
      await registerIn(page, email);
      // Billing learns of a new account from auth's event, and waits for it rather than refuse.
      const status = await page.evaluate(async () => {
        const response = await fetch("/api/subscribe-with-coupon", {
          method: "POST",
          credentials: "include",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ plan: "pro", channelCount: 0, testMode: true }),
        });
        return response.status;
      });
      expect(status).toBe(200);
      await page.goto("/subscribe");
      await page.getByRole("heading", { level: 1, name: "You're Already Subscribed" }).waitFor();
      await page.getByText("$29.99/month").waitFor();
      expect(await page.getByRole("link", { name: "Manage Subscription" }).getAttribute("href")).toBe(
        "/settings?tab=subscription",
      );
      await expectAccessible(page);
    });
  });
});
