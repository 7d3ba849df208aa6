import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  callFromPage,
  expectAccessible,
  type Json,
  linkInMailbox,
  openPageForEachTest,
  screenshotBoth,
  uniqueEmail,
} from "./support.ts";

// Five made-up channels of the demo catalog (services/catalog/src/demo/demo-catalog.json), each with three
// videos a digest carries this week (its uploads are dated relative to now): fifteen videos in all.
const FIVE_CHANNELS = [
  "UCUgQ2RdSQEDg0c-29ODtQEX",
  "UCLI8KULVH5012RJR-9LPpL7",
  "UCn_8Nxm9jWwcww_76qjDZYA",
  "UCkWHWQkWCsxgZezO4jPdw4w",
  "UCdbQBUphu06b-KGDw9_LhOr",
];
// The first summaries of a demo week are written while the request waits.
const GENERATE_WAIT_MS = 45_000;
/** The weight of the first element `selector` finds (a string expression: this file has no DOM typings). */
const fontWeightOf = (page: Page, selector: string) =>
  page.evaluate<string>(`getComputedStyle(document.querySelector(${JSON.stringify(selector)})).fontWeight`);

/** What a reader must never see of the markdown a newsletter is stored as. */
const RAW_MARKDOWN = /(^|\s)#{1,6}\s|\*\*|\]\(|\\[*_[\]#]/;

describe("past newsletters: the history, their pages and the e-mail's link to them", () => {
  let page: Page;
  openPageForEachTest((opened) => {
    ({ page } = opened);
  });

  const call = (method: string, url: string, body?: unknown) => callFromPage(page, method, url, body);

  /** A new account with a password, signed in, following `channelIds`, with a newsletter made now. */
  const readerWithNewsletter = async (prefix: string, channelIds: readonly string[]) => {
    // A light page whose policy lets the calls through: the landing page is not what is tested here.
    await page.goto("/terms");
    const email = uniqueEmail(prefix);
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    for (const youtubeChannelId of channelIds) {
      expect((await call("POST", "/api/user/channels", { youtubeChannelId })).status).toBe(201);
    }
    // A week of fifteen videos may take longer than the request waits: then it is on its way (202).
    const generated = await call("POST", "/api/generate-newsletter");
    expect([200, 202], JSON.stringify(generated.body)).toContain(generated.status);
    let newsletters: Json[] = [];
    for (let waited = 0; newsletters.length === 0 && waited < GENERATE_WAIT_MS; waited += 250) {
      newsletters = (await call("GET", "/api/newsletters")).body;
      if (newsletters.length === 0) await page.waitForTimeout(250);
    }
    const [newsletter] = newsletters;
    expect(newsletter).toBeDefined();
    return { email, newsletter };
  };

  it("shows each entry's subject, date and plain-text start, and opens it as the e-mail was", {
    timeout: 120_000,
  }, async () => {
    const { newsletter } = await readerWithNewsletter("archive", FIVE_CHANNELS);
    await page.goto("/dashboard");
    await page.getByRole("tab", { name: "Newsletter History" }).click();
    const item = page.getByRole("listitem").filter({ hasText: newsletter.subject });
    const subjectLink = item
      .getByRole("heading", { level: 3 })
      .getByRole("link", { name: newsletter.subject });
    await subjectLink.waitFor();
    await item.locator("time").waitFor();
    const snippet = (await item.locator(".dashboard-newsletter-snippet").textContent()) ?? "";
    expect(snippet.length).toBeGreaterThan(100);
    expect(snippet.length).toBeLessThanOrEqual(201);
    expect(snippet).not.toMatch(RAW_MARKDOWN);
    expect(String(newsletter.content)).toMatch(RAW_MARKDOWN);
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-history-entries");

    await subjectLink.click();
    await page.waitForURL(`**/newsletters/${newsletter.id}`);
    await page.getByRole("heading", { level: 1, name: newsletter.subject }).waitFor();
    const mail = page.locator(".digest");
    await mail.getByRole("heading", { level: 2, name: "Your week" }).waitFor();
    const text = (await page.getByRole("main").textContent()) ?? "";
    expect(text).not.toMatch(RAW_MARKDOWN);
    // Every channel and video the e-mail carried, key points at normal weight, each with its thumbnail.
    const page$ = (await call("GET", `/api/newsletters/${newsletter.id}`)).body;
    const channels: Json[] = page$.channels;
    for (const channel of channels) {
      await mail.getByRole("heading", { level: 3, name: channel.title }).waitFor();
      for (const video of channel.videos) {
        await mail.getByRole("heading", { level: 4, name: video.title }).waitFor();
      }
    }
    const videos = channels.reduce((sum, channel) => sum + channel.videos.length, 0);
    expect(await mail.locator(".digest-thumbnail img").count()).toBe(videos);
    expect(await fontWeightOf(page, ".digest-points li")).toBe("400");
    if (channels.length > 1) {
      const contents = page.getByRole("navigation", { name: "In this newsletter" });
      expect(await contents.getByRole("link").count()).toBe(channels.length);
    }
    await expectAccessible(page);
    await screenshotBoth(page, "newsletter-page");

    await page.getByRole("link", { name: "Newsletter history" }).click();
    await page.waitForURL("**/dashboard?tab=newsletters");
    expect(await page.getByRole("tab", { name: "Newsletter History" }).getAttribute("aria-selected")).toBe(
      "true",
    );
  });

  it("refuses someone else's newsletter and an unknown one as not found, and asks a visitor to sign in", {
    timeout: 120_000,
  }, async () => {
    const { newsletter } = await readerWithNewsletter("owner", FIVE_CHANNELS.slice(0, 2));
    await call("POST", "/api/auth/logout");

    await page.goto(`/newsletters/${newsletter.id}`);
    await page.getByRole("heading", { level: 1, name: "Authentication Required" }).waitFor();
    await page.getByText("Please log in to read this newsletter.").waitFor();

    const stranger = uniqueEmail("stranger");
    expect(
      (await call("POST", "/api/auth/register", { email: stranger, password: "password123" })).status,
    ).toBe(201);
    for (const id of [newsletter.id, "00000000-0000-4000-8000-000000000000", "not-a-newsletter"]) {
      expect((await call("GET", `/api/newsletters/${id}`)).status).toBe(404);
      await page.goto(`/newsletters/${id}`);
      await page.getByRole("heading", { level: 1, name: "404 Page Not Found" }).waitFor();
      expect(await page.getByRole("main").textContent()).not.toContain(newsletter.subject);
      expect(await page.getByRole("link", { name: "Back to your newsletters" }).getAttribute("href")).toBe(
        "/dashboard?tab=newsletters",
      );
    }
    await expectAccessible(page);
    await screenshotBoth(page, "newsletter-not-found");
  });

  it("opens from the e-mail's 'Read in your browser' link for a reader not signed in on the device", {
    timeout: 120_000,
  }, async () => {
    const { email, newsletter } = await readerWithNewsletter("read-in-browser", FIVE_CHANNELS.slice(0, 2));
    const link = await linkInMailbox(
      page,
      email,
      new RegExp(`${newsletter.subject.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
      /https?:\/\/[^\s]+\/newsletters\/[^\s]+\?token=[^\s]+/,
    );
    expect(link).toMatch(new RegExp(`^/newsletters/${newsletter.id}\\?token=v1\\.`));
    await call("POST", "/api/auth/logout");
    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: newsletter.subject }).waitFor();
    // The token opens this newsletter only: another id with it is not found.
    const elsewhere = link.replace(newsletter.id, "00000000-0000-4000-8000-000000000000");
    expect((await call("GET", `/api${elsewhere}`)).status).toBe(404);
  });

  it("puts the real digest's subject line on the preview's mock inbox", { timeout: 120_000 }, async () => {
    await page.goto("/");
    const email = uniqueEmail("preview-subject");
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    // The landing page's selection (a string expression: this file has no DOM typings).
    const youtubeChannelId: string = await page.evaluate(`(async () => {
      const results = await (await fetch("/api/youtube/search?query=orbit")).json();
      sessionStorage.setItem("selectedChannels", JSON.stringify(results.slice(0, 1)));
      sessionStorage.setItem("userEmail", ${JSON.stringify(email)});
      return results[0].id;
    })()`);
    await page.goto("/preview");
    const subject = page.locator("#mock-inbox-subject");
    await page.getByText(/^We analyzed \d+ videos this week$/).waitFor({ timeout: GENERATE_WAIT_MS });
    const shown = (await subject.textContent()) ?? "";
    expect(shown).toMatch(/^Your week of \d{1,2} \w+: Pocket Orbit$/);
    // The readable first video's points at normal weight, as in the e-mail.
    expect(await fontWeightOf(page, ".mock-inbox .digest-points li")).toBe("400");

    expect((await call("POST", "/api/user/channels", { youtubeChannelId })).status).toBe(201);
    const generated = await call("POST", "/api/generate-newsletter");
    expect(generated.status, JSON.stringify(generated.body)).toBe(200);
    const [newsletter]: Json[] = (await call("GET", "/api/newsletters")).body;
    expect(newsletter.subject).toBe(shown);
  });
});
