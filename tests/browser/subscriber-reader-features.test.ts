import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
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

// Two made-up channels of the demo catalog (services/catalog/src/demo/demo-catalog.json), whose uploads
// are dated relative to now, so a newsletter made now has this week's videos.
const TWO_CHANNELS = ["UCUgQ2RdSQEDg0c-29ODtQEX", "UCLI8KULVH5012RJR-9LPpL7"];
const GENERATE_WAIT_MS = 45_000;

describe("a reader's newsletters beyond reading them: the week at a glance, sharing, search, delivery time and feed", () => {
  let page: Page;
  let product: { url: string };
  let context: import("playwright-core").BrowserContext;
  openPageForEachTest((opened) => {
    ({ page, product, context } = opened);
  });

  const call = (method: string, url: string, body?: unknown) => callFromPage(page, method, url, body);

  /** A new account with a password, signed in, following the two channels, with a newsletter made now. */
  const readerWithNewsletter = async (prefix: string) => {
    // A light page whose policy lets the calls through: the landing page is not what is tested here.
    await page.goto("/terms");
    const email = uniqueEmail(prefix);
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    for (const youtubeChannelId of TWO_CHANNELS) {
      expect((await call("POST", "/api/user/channels", { youtubeChannelId })).status).toBe(201);
    }
    await call("POST", "/api/generate-newsletter");
    let newsletters: Json[] = [];
    for (let waited = 0; newsletters.length === 0 && waited < GENERATE_WAIT_MS; waited += 250) {
      newsletters = (await call("GET", "/api/newsletters")).body;
      if (newsletters.length === 0) await page.waitForTimeout(250);
    }
    expect(newsletters).toHaveLength(1);
    return { ...newsletters[0], email };
  };

  /** The digest e-mail as sent; with SCREENSHOTS=1 shown alone at a phone's 375 px and at 1280 px, to be looked at. */
  async function screenshotDigestMail(email: string, name: string): Promise<string> {
    let id: string | undefined;
    for (let waited = 0; !id && waited < 20_000; waited += 250) {
      const list: string = (await call("GET", "/dev/mailbox")).body;
      const row = list.split("<tr>").find((cells) => cells.includes(email) && /Your week of/.test(cells));
      id = row?.match(/href="\/dev\/mailbox\/([^"]+)"/)?.[1];
      if (!id) await page.waitForTimeout(250);
    }
    expect(id).toBeDefined();
    await page.goto(`/dev/mailbox/${id}`);
    const html = (await page.locator("iframe").getAttribute("srcdoc")) ?? "";
    if (!TAKING_SCREENSHOTS) return html;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.setContent(html);
      await page.screenshot({ path: path.join(SCREENSHOTS_DIR, `${name}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    return html;
  }

  it("opens a newsletter with its week at a glance, and shares one video's summary by a public link", {
    timeout: 120_000,
  }, async () => {
    const newsletter = await readerWithNewsletter("glance");
    await page.goto(`/newsletters/${newsletter.id}`);
    const glance = page.getByRole("region", { name: "Your week at a glance" });
    await glance.waitFor();
    const lines = glance.getByRole("listitem");
    // Two channels: at least what each posted, and no more lines than the videos support.
    expect(await lines.count()).toBeGreaterThanOrEqual(2);
    expect(await lines.count()).toBeLessThanOrEqual(5);
    // Every line cites at least one of the newsletter's videos, linked to it.
    for (const line of await lines.all()) {
      const href = await line.getByRole("link").first().getAttribute("href");
      expect(href).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
    }
    await expectAccessible(page);
    await screenshotBoth(page, "newsletter-week-at-a-glance");
    // The e-mail opens with the same lines.
    const mail = await screenshotDigestMail(newsletter.email, "digest-mail-week-at-a-glance");
    expect(mail).toContain("Your week at a glance");
    await page.goto(`/newsletters/${newsletter.id}`);

    const share = page.getByRole("button", { name: /^Share the summary of / }).first();
    await share.click();
    const link = page.getByLabel("Anyone with this link can read this summary");
    await link.waitFor();
    const shared = new URL(await link.inputValue());
    expect(shared.pathname).toMatch(/^\/s\/[A-Za-z0-9_-]{22}$/);
    await screenshotBoth(page, "newsletter-share-link");

    // Whoever the link is sent to, not signed in: the summary, and nothing about the reader.
    const visitor = await context.browser()?.newContext({ baseURL: product.url });
    const outside = await visitor?.newPage();
    if (!visitor || !outside) throw new Error("no second browser context");
    await outside.goto(shared.pathname);
    await outside.getByRole("heading", { level: 1 }).waitFor();
    expect(await outside.getByRole("heading", { level: 1 }).textContent()).toBeTruthy();
    expect(await outside.locator(".digest-points li").count()).toBeGreaterThanOrEqual(3);
    await outside
      .getByRole("link", { name: /^Watch from / })
      .first()
      .waitFor();
    expect(await outside.content()).not.toContain("@example.com");
    const html = await (await outside.request.get(shared.pathname)).text();
    expect(html).toMatch(/<meta property="og:title" content="[^"]+— summarised by tubedigest" \/>/);
    expect(html).toContain('<meta property="og:image" content="https://i.ytimg.com/vi/');
    await expectAccessible(outside);
    await screenshotBoth(outside, "shared-summary-page");
    await visitor.close();

    // Stopped: the link's page is not found any more.
    await page.getByRole("button", { name: "Stop Sharing" }).click();
    await toastIn(page, "status", "Sharing stopped").waitFor();
    expect((await call("GET", `/api/shared-summaries${shared.pathname.slice(2)}`)).status).toBe(404);
  });

  it("finds a received summary by a word of its key point, linking the moment it is said", {
    timeout: 120_000,
  }, async () => {
    const newsletter = await readerWithNewsletter("search");
    const opened = (await call("GET", `/api/newsletters/${newsletter.id}`)).body;
    const markdown: string = opened.channels[0].videos[0].summaryMarkdown;
    const word =
      (markdown.match(/\*\*([^*]+)\*\*/)?.[1] ?? "").split(/[^A-Za-z]+/).find((w) => w.length >= 7) ?? "";
    expect(word).not.toBe("");
    await page.goto("/dashboard?tab=newsletters");
    const box = page.getByRole("searchbox", { name: "Search your newsletters" });
    await box.fill(word);
    await box.press("Enter");
    const result = page.locator(".archive-result").first();
    await result.waitFor();
    expect((await result.locator(".archive-result-point").textContent())?.toLowerCase()).toContain(
      word.toLowerCase(),
    );
    await result.getByRole("link", { name: /^newsletter of / }).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-archive-search");
    await box.fill("zzzzqqqq");
    await page.getByText("Nothing in your newsletters matches “zzzzqqqq”.").waitFor();
  });

  it("sets the day and hour of the digest, and turns on, resets and off a private feed", async () => {
    await page.goto("/terms");
    expect(
      (await call("POST", "/api/auth/register", { email: uniqueEmail("delivery"), password: "password123" }))
        .status,
    ).toBe(201);
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByLabel("Day", { exact: true }).selectOption({ label: "Friday" });
    await page.getByLabel("Time", { exact: true }).selectOption({ label: "18:00" });
    await page.getByRole("button", { name: "Save Delivery Time" }).click();
    await toastIn(page, "status", "Delivery time saved").waitFor();
    await page.getByText(/^Your next digest: Friday \d+ \w+ at 18:00/).waitFor();
    // The pause section beside it speaks of the reader's own day and hour.
    await page.getByText("Your digest arrives every Friday at 18:00 in your time zone.").waitFor();
    expect((await call("GET", "/api/user/delivery-time")).body).toMatchObject({ weekday: 5, hour: 18 });

    await page.getByRole("button", { name: "Turn On My Feed" }).click();
    const address = page.getByLabel("Your feed's address");
    await address.waitFor();
    const first = await address.inputValue();
    expect(first).toMatch(/\/api\/feeds\/[A-Za-z0-9_-]{43}$/);
    await expectAccessible(page);
    await screenshotBoth(page, "settings-delivery-tab");
    await page.getByRole("button", { name: "Get a New Address" }).click();
    await toastIn(page, "status", "Your feed has a new address").waitFor();
    expect(await address.inputValue()).not.toBe(first);
    expect((await call("GET", new URL(first).pathname)).status).toBe(404);
    await page.getByRole("button", { name: "Turn Off" }).click();
    await page.getByRole("button", { name: "Turn On My Feed" }).waitFor();
  });
});
