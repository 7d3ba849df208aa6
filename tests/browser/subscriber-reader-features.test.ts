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
  startPlanInTestMode,
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

  it("chooses a daily digest on Premium, one a day however often it is asked for; Solo is told where daily comes", async () => {
    await page.goto("/terms");
    const email = uniqueEmail("daily");
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    await startPlanInTestMode(call, "premium");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByLabel("How often").selectOption({ label: "Daily" });
    // Every day at the hour: there is no day to choose.
    await expect.poll(() => page.getByLabel("Day", { exact: true }).count()).toBe(0);
    await page.getByLabel("Time", { exact: true }).selectOption({ label: "07:00" });
    await page.getByRole("button", { name: "Save Delivery Time" }).click();
    await toastIn(page, "status", "Delivery time saved").waitFor();
    await page.getByText("Your digest now comes every day at 07:00.").waitFor();
    await page.getByText("Your digest arrives every day at 07:00 in your time zone.").waitFor();
    await page.getByRole("heading", { name: "Daily digest" }).waitFor();
    expect((await call("GET", "/api/user/delivery-time")).body).toMatchObject({ cadence: "daily", hour: 7 });
    await expectAccessible(page);
    await screenshotBoth(page, "settings-daily-digest");

    // Today's digest asked for twice, as by two schedulers at once: one row for the day.
    for (const channel of TWO_CHANNELS)
      await call("POST", "/api/user/channels", { youtubeChannelId: channel });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "UTC" }).format(new Date());
    await Promise.all([call("POST", "/dev/deliver-digest"), call("POST", "/dev/deliver-digest")]);
    const status = (await call("GET", "/dev/digest-status")).body as {
      weeks: { weekKey: string; users: number }[];
    };
    const todays = status.weeks.filter((week) => week.weekKey === today);
    expect(todays.reduce((sum, week) => sum + week.users, 0)).toBe(1);

    // A Solo reader is offered the plans that include it, and refused in words that say where to go.
    await page.goto("/terms");
    expect(
      (
        await call("POST", "/api/auth/register", {
          email: uniqueEmail("solo-daily"),
          password: "password123",
        })
      ).status,
    ).toBe(201);
    await startPlanInTestMode(call, "solo");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByText("A daily digest comes with Premium and Pro.").waitFor();
    expect(await page.getByRole("option", { name: "Daily (Premium and Pro)" }).isDisabled()).toBe(true);
    // Asked for all the same, the server refuses it, saying where to change the plan.
    const refused = await call("PUT", "/api/user/delivery-time", { weekday: 1, hour: 9, cadence: "daily" });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        message:
          "A daily digest comes with Premium and Pro. Change your plan under Subscription to get one every day.",
      },
    });
    expect((await call("GET", "/api/user/delivery-time")).body).toMatchObject({ cadence: "weekly" });
    await screenshotBoth(page, "settings-daily-digest-solo");
  });

  it("sends a daily reader one digest a day for three days on the development clock, each day asked for twice", async () => {
    await page.goto("/terms");
    const email = uniqueEmail("three-days");
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    await startPlanInTestMode(call, "premium");
    for (const youtubeChannelId of TWO_CHANNELS) {
      expect((await call("POST", "/api/user/channels", { youtubeChannelId })).status).toBe(201);
    }
    expect(
      (await call("PUT", "/api/user/delivery-time", { weekday: 1, hour: 9, cadence: "daily" })).status,
    ).toBe(200);
    const DAILY_SUBJECT = /^Your (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \d{1,2} \w+: /;
    const dailies = async () =>
      ((await call("GET", "/api/newsletters")).body as { id: string; subject: string }[]).filter(
        (newsletter) => DAILY_SUBJECT.test(newsletter.subject),
      );

    const days: string[] = [];
    for (let day = 1; day <= 3; day++) {
      const moved = await call("POST", "/dev/clock", { hours: 24 });
      expect(moved.status).toBe(200);
      days.push(
        new Date(moved.body.now).toLocaleDateString("en-GB", {
          timeZone: "UTC",
          day: "numeric",
          month: "long",
        }),
      );
      // The day's digest asked for twice at once, as by two schedulers: one newsletter for the day.
      await Promise.all([call("POST", "/dev/deliver-digest"), call("POST", "/dev/deliver-digest")]);
      await expect.poll(async () => (await dailies()).length, { timeout: GENERATE_WAIT_MS }).toBe(day);
    }
    await call("POST", "/dev/deliver-digest");
    const made = await dailies();
    expect(made).toHaveLength(3);
    // Newest first: each day's own, each with the uploads of its day.
    expect(made.map((newsletter) => newsletter.subject.match(/, (\d{1,2} \w+):/)?.[1])).toEqual(
      days.reverse(),
    );

    // One e-mail a day in the mailbox, however often each day was asked for.
    await expect
      .poll(
        async () => {
          const list: string = (await call("GET", "/dev/mailbox")).body;
          const subjects = list
            .split("<tr>")
            .filter((cells) => cells.includes(email))
            .map((cells) => cells.match(/<a href="[^"]*">([^<]*)<\/a>/)?.[1] ?? "");
          return subjects.filter((subject) => DAILY_SUBJECT.test(subject)).length;
        },
        { timeout: 20_000 },
      )
      .toBe(3);

    await page.goto(`/newsletters/${made[0]?.id}`);
    await page.getByRole("heading", { name: "Your day", exact: true }).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "newsletter-daily-digest");
  });
});
