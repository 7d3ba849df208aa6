import path from "node:path";
import { type FakeStripeApi, startFakeStripeApi } from "@tubedigest/testing/stripe";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callFromPage,
  expectAccessible,
  type Json,
  openPageForEachTest,
  SCREENSHOTS_DIR,
  screenshotBoth,
  TAKING_SCREENSHOTS,
  toastIn,
  uniqueEmail,
} from "./support.ts";

// Finished demo videos (services/catalog/src/demo/demo-catalog.json): 14 minutes, and an hour and 3.
const FOURTEEN_MINUTES = {
  id: "lwh84naLifR",
  url: "https://youtu.be/lwh84naLifR",
  title: "Weeknight curries: a beginner's guide",
};
const AN_HOUR = { id: "ZeopEDE_s0x", url: "https://www.youtube.com/watch?v=ZeopEDE_s0x" };

describe("/dashboard: summarise one video, priced before it is bought", () => {
  let stripe: FakeStripeApi;
  let page: Page;
  // Filled before the product starts (this hook runs first), so it takes card payments from the fake Stripe.
  const env: Record<string, string> = { SUMMARY_RATE_LIMIT: "200" };
  beforeAll(async () => {
    stripe = await startFakeStripeApi();
    Object.assign(env, {
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: stripe.publishableKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
  });
  afterAll(() => stripe?.close());
  openPageForEachTest(
    (opened) => {
      ({ page } = opened);
      stripe.setWebhookUrl(`${opened.product.url}/api/webhooks/stripe`);
      // Its own product: no other file pays through this file's fake Stripe.
    },
    env,
    { ownProduct: true },
  );

  const call = (method: string, url: string, body?: unknown) => callFromPage(page, method, url, body);
  const toast = (role: "status" | "alert", title: string) => toastIn(page, role, title);
  const section = () => page.getByRole("region", { name: "Summarise one video" });
  const field = () => section().getByRole("textbox", { name: "YouTube video URL" });
  const list = () => section().getByRole("list", { name: "Single summaries" });
  /** The purchases listed, not the points inside an opened summary. */
  const listed = () => list().locator(":scope > li");

  /** A new account, signed in; with `card`, on a plan chosen by card as the checkout's form does it. */
  async function signUp(prefix: string, card: boolean): Promise<{ email: string; customerId: string }> {
    // A light page whose policy lets the calls through: the landing page is not what is tested here.
    await page.goto("/terms");
    const email = uniqueEmail(prefix);
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    if (!card) return { email, customerId: "" };
    let intent: { status: number; body: Json } = { status: 0, body: undefined };
    for (let attempt = 0; attempt < 50 && intent.status !== 200; attempt++) {
      intent = await call("POST", "/api/create-payment-intent", { amount: 999, plan: "creator" });
      if (intent.status !== 200) await page.waitForTimeout(100);
    }
    expect(intent.status).toBe(200);
    // In the account's free days the card is saved (a setup intent), first charged when they end.
    const setupIntentId = String(intent.body.clientSecret).split("_secret_")[0] ?? "";
    stripe.confirmSetupIntent(setupIntentId, "succeeds");
    const subscribed = await call("POST", "/api/subscribe", {
      plan: "creator",
      channelCount: 1,
      setupIntentId,
    });
    expect(subscribed.status).toBe(200);
    await stripe.deliverAll();
    return { email, customerId: String(stripe.setupIntent(setupIntentId)?.customer ?? "") };
  }

  const openDashboard = async () => {
    await page.goto("/dashboard");
    await section().waitFor();
  };

  /** What Stripe was asked to hold on the customer's card (single summaries are held, then captured). */
  const heldPayments = (customerId: string) =>
    stripe.requests.filter(
      (request) =>
        request.route === "POST /v1/payment_intents" &&
        request.body.customer === customerId &&
        request.body.capture_method === "manual",
    );

  it("shows the title, length and price first, charges nothing without the confirm, then the summary and what it cost", async () => {
    const { email, customerId } = await signUp("single-card", true);
    await openDashboard();
    await section().getByText("You see the price before you buy: $1.99 under 60 minutes").waitFor();
    await section().getByText("Summaries you buy appear here").waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-single-empty");

    const check = section().getByRole("button", { name: "Check price" });
    await check.click();
    expect(await toast("alert", "Missing URL").textContent()).toContain("Please enter a YouTube video URL");
    for (const wrong of ["not a link", `https://www.youtube.com/embed/${FOURTEEN_MINUTES.id}`]) {
      await field().fill(wrong);
      await check.click();
      expect(await toast("alert", "Invalid URL").textContent()).toContain(
        "Please enter a valid YouTube video URL",
      );
    }

    await page.getByRole("button", { name: "Dismiss" }).click();
    await field().fill(FOURTEEN_MINUTES.url);
    await check.click();
    await section().getByRole("heading", { level: 3, name: FOURTEEN_MINUTES.title }).waitFor();
    await section().getByText("Price for this video").waitFor();
    const facts = await section().locator(".single-quote-facts").textContent();
    expect(facts).toMatch(/Length\s*14 min/);
    expect(facts).toMatch(/Price\s*\$1\.99/);
    await section()
      .getByText("Charged to the card of your subscription once the summary is ready.")
      .waitFor();
    // The price is only shown: Stripe holds nothing.
    expect(heldPayments(customerId)).toEqual([]);
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-single-price");
    await screenshotSection(page, section(), "dashboard-single-price-section");

    // Cancelled: still nothing held, and the address is there to try again.
    await section().getByRole("button", { name: "Cancel" }).click();
    expect(await field().inputValue()).toBe(FOURTEEN_MINUTES.url);
    expect(heldPayments(customerId)).toEqual([]);
    expect((await call("GET", "/api/single-summaries")).body).toEqual([]);

    await check.click();
    // Two quick clicks on the confirm are one purchase.
    await section().getByRole("button", { name: "Process Video" }).dblclick();
    await toast("status", "Video processing initiated").waitFor();
    expect(await field().inputValue()).toBe("");
    const item = listed().first();
    await item.getByText("Ready").waitFor({ timeout: 30_000 });
    await item.getByText("Charged $1.99").waitFor();
    // The newest summary opens by itself, readable: lists and links, no markdown left over.
    await item.getByRole("button", { name: "Hide the summary" }).waitFor();
    await item.locator(".single-summary-text li").first().waitFor();
    const text = await item.locator(".single-summary-text").textContent();
    expect(text).not.toMatch(/\*\*|\]\(/);
    expect(await listed().count()).toBe(1);
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-single-ready");
    await screenshotSection(page, section(), "dashboard-single-ready-section");

    // One payment held for the price shown, and captured.
    expect(new Set(heldPayments(customerId).map((request) => request.idempotencyKey)).size).toBe(1);
    expect(heldPayments(customerId)[0]?.body.amount).toBe("199");
    const captured = async () => {
      const capture = stripe.requests.find(
        (request) => request.route === "POST /v1/payment_intents/:id/capture" && request.status === 200,
      );
      return capture && stripe.paymentIntent(capture.path.split("/")[3] ?? "");
    };
    await expect.poll(captured, { timeout: 10_000 }).toMatchObject({
      amount: 199,
      amount_received: 199,
      customer: customerId,
      status: "succeeded",
    });

    const mail = await newestMail(page, email, "Your summary:");
    expect(mail.text).toContain("Price: $1.99, charged to the card of your subscription.");
    await screenshotMail(page, mail.html, "mail-single-summary");
  });

  it("in test mode, charges a trial's summary as a test charge and says no money was taken", async () => {
    await signUp("single-test", false);
    await openDashboard();
    await field().fill(AN_HOUR.url);
    await section().getByRole("button", { name: "Check price" }).click();
    await section().getByText("Price for this video").waitFor();
    expect(await section().locator(".single-quote-facts").textContent()).toMatch(
      /Length\s*1 h 3 min[\s\S]*\$3\.99/,
    );
    await section()
      .getByText(/Test mode: a test charge/)
      .waitFor();
    await section().getByRole("button", { name: "Process Video" }).click();
    const item = listed().first();
    await item.getByText("Ready").waitFor({ timeout: 30_000 });
    await item.getByText("$3.99 test charge: no money taken").waitFor();
  });

  it("shows the summary a reader has instead of a second price: bought meanwhile in another tab, or before", async () => {
    await signUp("single-again", false);
    await openDashboard();
    await field().fill(AN_HOUR.url);
    await section().getByRole("button", { name: "Check price" }).click();
    await section().getByText("Price for this video").waitFor();
    // Another tab buys the same video while this one still shows its price.
    const elsewhere = await call("POST", "/api/process-individual-video/quote", { videoUrl: AN_HOUR.url });
    const boughtElsewhere = await call("POST", "/api/process-individual-video", {
      quoteId: elsewhere.body.quoteId,
    });
    expect(boughtElsewhere.status).toBe(202);

    await section().getByRole("button", { name: "Process Video" }).click();
    const notice = section().getByRole("heading", { level: 3, name: "You already have this summary" });
    await notice.waitFor();
    const anchor = `#single-summary-${boughtElsewhere.body.id}`;
    expect(
      await section()
        .getByRole("link", { name: /your summary/ })
        .getAttribute("href"),
    ).toBe(anchor);
    const item = listed().first();
    await item.getByText("Ready").waitFor({ timeout: 30_000 });
    await section().getByRole("button", { name: "Summarise another video" }).click();
    expect(await field().inputValue()).toBe("");

    // Asked again later: no price, the way to the summary instead.
    await field().fill(AN_HOUR.url);
    await section().getByRole("button", { name: "Check price" }).click();
    await notice.waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-single-bought-already");
    await section().getByRole("link", { name: "Read your summary" }).click();
    await item.getByRole("button", { name: "Hide the summary" }).waitFor();
    expect(page.url()).toContain(anchor);
    expect(await listed().count()).toBe(1);
    await item.getByText("$3.99 test charge: no money taken").waitFor();
  });

  it("refreshes the list while a summary is being made, says a failed one was not charged, and stops asking", async () => {
    await signUp("single-progress", false);
    let asked = 0;
    const base = {
      videoId: AN_HOUR.id,
      url: AN_HOUR.url,
      durationSeconds: 3820,
      testMode: false,
      orderedAt: new Date().toISOString(),
      completedAt: null,
      summary: null,
    };
    const failed = {
      ...base,
      id: "b",
      title: "The history of pan sauces, explained slowly",
      amountCents: 399,
      status: "failed",
      charge: "not-charged",
    };
    // Made now: the first two answers have it on its way, then it fails.
    await page.route("**/api/single-summaries", (route) => {
      asked++;
      const status = asked === 1 ? "queued" : asked === 2 ? "summarising" : "failed";
      const charge = status === "failed" ? "not-charged" : "held";
      return route.fulfill({ json: [{ ...failed, status, charge }] });
    });
    // The page's clock, moved on by the test: each refresh comes when asked, not after real seconds.
    await page.clock.install();
    await openDashboard();
    const item = listed().first();
    await item.getByText("Queued").waitFor();
    await item.getByText("$3.99 on hold, charged only when ready").waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-single-queued");
    await page.clock.runFor(3_000);
    await item.getByText("Summarising").waitFor();
    await page.clock.runFor(3_000);
    await item.getByText("Failed").waitFor();
    await item.getByText("Not charged: the $3.99 hold was released").waitFor();
    await item.getByText("We could not summarise this video. You can try again later.").waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-single-failed");
    // Nothing in flight any more: the list stops asking.
    const settled = asked;
    await page.clock.runFor(30_000);
    expect(asked).toBe(settled);
  });

  it("offers a way to pay instead of the confirm when there is none yet", async () => {
    await signUp("single-no-card", false);
    await page.route("**/api/process-individual-video/quote", (route) =>
      route.fulfill({
        json: {
          quoteId: "6f1c2b9a-3d4e-4f5a-8b6c-7d8e9f0a1b2c",
          videoId: FOURTEEN_MINUTES.id,
          title: "Butter sauce basics",
          url: FOURTEEN_MINUTES.url,
          durationSeconds: 872,
          amountCents: 199,
          payment: "none",
          expiresAt: new Date(Date.now() + 900_000).toISOString(),
        },
      }),
    );
    await openDashboard();
    await field().fill(FOURTEEN_MINUTES.url);
    await section().getByRole("button", { name: "Check price" }).click();
    await section().getByText("Subscribe with a card to buy one.").waitFor();
    expect(await section().getByRole("button", { name: "Process Video" }).count()).toBe(0);
    expect(await section().getByRole("link", { name: "Subscribe Now" }).getAttribute("href")).toBe(
      "/subscribe",
    );
    await expectAccessible(page);
  });
});

/** The newest message to `to` whose subject starts with `subject`, from the development mailbox. */
async function newestMail(page: Page, to: string, subject: string): Promise<{ text: string; html: string }> {
  for (let attempt = 0; attempt < 120; attempt++) {
    const list: string = (await callFromPage(page, "GET", "/dev/mailbox")).body;
    const row = list.split("<tr>").find((cells) => cells.includes(to) && cells.includes(subject));
    const id = row?.match(/href="\/dev\/mailbox\/([^"]+)"/)?.[1];
    if (id) {
      const text: string = (await callFromPage(page, "GET", `/dev/mailbox/${id}/text`)).body;
      await page.goto(`/dev/mailbox/${id}`);
      const html = (await page.locator("iframe").getAttribute("srcdoc")) ?? "";
      return { text, html };
    }
    await page.waitForTimeout(250);
  }
  throw new Error(`no message "${subject}" to ${to} in /dev/mailbox`);
}

/** With SCREENSHOTS=1, just the section, on a 375 px phone: what a subscriber scrolls through there. */
async function screenshotSection(page: Page, section: Locator, name: string): Promise<void> {
  if (!TAKING_SCREENSHOTS) return;
  const original = page.viewportSize() ?? { width: 1280, height: 800 };
  await page.setViewportSize({ width: 375, height: 800 });
  await section.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}-375.png`), animations: "disabled" });
  await page.setViewportSize(original);
}

/** The e-mail fits a phone's 375 px; with SCREENSHOTS=1 it is drawn there, beside the other screenshots. */
async function screenshotMail(page: Page, html: string, name: string): Promise<void> {
  const phone = await page.context().newPage();
  await phone.setViewportSize({ width: 375, height: 800 });
  await phone.setContent(html);
  if (TAKING_SCREENSHOTS)
    await phone.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}-375.png`), fullPage: true });
  const overflow = await phone.evaluate("document.documentElement.scrollWidth - window.innerWidth");
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.close();
}
