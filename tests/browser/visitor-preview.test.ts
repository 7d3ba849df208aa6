import type { RunningProduct } from "@tubedigest/standalone";
import type { BrowserContext, Page, Request } from "playwright-core";
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
const PREVIEW_PATH = "/api/generate-newsletter-preview";
// The first preview summarises a demo channel's week while the visitor waits: longer than any other page.
const PREVIEW_WAIT_MS = 45_000;

const isAbandonment = (request: Request) => new URL(request.url()).pathname === ABANDONMENT_PATH;
// The day's one e-mail of a landing-page visitor who left the preview: the welcome, carrying the preview.
const WELCOME_WITH_PREVIEW = "Welcome to tubedigest: your preview of Pocket Orbit is waiting";

/**
 * Keeps the funnel's session state as the landing page would, from the product's own search. A string
 * expression runs in the page, so this file needs no DOM typings.
 */
async function keepChannel(page: Page, query: string, email: string): Promise<void> {
  await page.goto("/");
  await page.evaluate(`(async () => {
    const response = await fetch("/api/youtube/search?query=" + encodeURIComponent(${JSON.stringify(query)}));
    sessionStorage.setItem("selectedChannels", JSON.stringify((await response.json()).slice(0, 1)));
    sessionStorage.setItem("userEmail", ${JSON.stringify(email)});
  })()`);
}

/** Registers the e-mail as the landing page does, so this browser holds the claim on its new account. */
async function registerOnLanding(page: Page, email: string): Promise<void> {
  const status = await page.evaluate(`(async () => (await fetch("/api/auth/register-with-email", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: ${JSON.stringify(email)}, channels: [] }),
  })).status)()`);
  expect(status).toBe(201);
}

async function openPreview(page: Page): Promise<void> {
  await page.goto("/preview");
  await page.getByText(/^We analyzed \d+ videos this week$/).waitFor({ timeout: PREVIEW_WAIT_MS });
}

/** The development mailbox's list of sent messages, as text. */
async function mailbox(page: Page): Promise<string> {
  return page.evaluate(async () => (await fetch("/dev/mailbox")).text());
}

async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting until ${what}`);
}

describe("/preview: its views and the abandonment request", () => {
  let product: RunningProduct;
  let context: BrowserContext;
  let page: Page;
  openPageForEachTest((opened) => {
    ({ product, context, page } = opened);
  });

  it("asks for the abandonment e-mail on in-app navigation away, once in 7 days", {
    timeout: 90_000,
  }, async () => {
    const email = uniqueEmail("abandon");
    await keepChannel(page, "orbit", email);
    await registerOnLanding(page, email);
    await openPreview(page);
    // The mock inbox opens the e-mail as the SPEC words it, with the digest's own subject line.
    await page.getByRole("article", { name: "Your Weekly Content Summary is Ready" }).waitFor();
    // Of the rest of the week only titles come, under the blur: the first video alone is summarised.
    await page
      .locator(".mock-inbox-blurred")
      .getByText("Summarised in your weekly newsletter.")
      .first()
      .waitFor({
        state: "attached",
      });
    await screenshotBoth(page, "preview-shown", [1280, 375]);

    const sent = page.waitForRequest(isAbandonment);
    await page.getByRole("banner").getByRole("link", { name: "Log In" }).click();
    await page.waitForURL("**/login");
    const request = await sent;
    expect(request.method()).toBe("POST");
    const body = request.postDataJSON() as {
      email: string;
      channelName: string | null;
      summaryBullets: string[];
    };
    expect(body.email).toBe(email);
    expect(body.channelName).toBe("Pocket Orbit");
    expect(body.summaryBullets.length).toBeGreaterThan(0);
    expect(body.summaryBullets.length).toBeLessThanOrEqual(3);
    expect((await request.response())?.status()).toBe(202);
    // Signed up a moment ago: the welcome, which was still waiting, goes at once carrying the preview,
    // the day's one e-mail.
    await eventually(
      async () => (await mailbox(page)).includes(email),
      "the welcome e-mail is in the mailbox",
    );
    const rows = (await mailbox(page)).split("<tr>").filter((row) => row.includes(email));
    expect(rows.map((row) => /Welcome to tubedigest[^<]*|[^<>]*one step away/.exec(row)?.[0])).toEqual([
      WELCOME_WITH_PREVIEW,
    ]);
    expect(
      await page.evaluate<string | null>(`localStorage.getItem("abandonmentEmailSent:${email}")`),
    ).not.toBeNull();

    // Back to the preview and away again: the marker holds the second request back.
    const later: Request[] = [];
    page.on("request", (request) => {
      if (isAbandonment(request)) later.push(request);
    });
    await page.goBack();
    await page.getByText(/^We analyzed \d+ videos this week$/).waitFor({ timeout: PREVIEW_WAIT_MS });
    await page.getByRole("banner").getByRole("link", { name: "Log In" }).click();
    await page.waitForURL("**/login");
    await page.waitForTimeout(1000);
    expect(later).toEqual([]);
  });

  it("rebuilds the preview from the e-mail's link back in a new tab, asking only for the address", {
    timeout: 90_000,
  }, async () => {
    const email = uniqueEmail("link-back");
    await keepChannel(page, "orbit", email);
    await registerOnLanding(page, email);
    await openPreview(page);
    await page.getByRole("banner").getByRole("link", { name: "Log In" }).click();
    await page.waitForURL("**/login");
    const link = await linkInMailbox(
      page,
      email,
      new RegExp(WELCOME_WITH_PREVIEW),
      /https?:\/\/\S+\/preview\?channel=UC[\w-]{22}/,
    );
    expect(link).toMatch(/^\/preview\?channel=UC[\w-]{22}$/);

    // A new tab: no funnel memory in session storage, nobody signed in; the link names the channel.
    const fromMail = await context.newPage();
    await fromMail.goto(link);
    await fromMail.getByRole("heading", { level: 1, name: "Your Newsletter Preview" }).waitFor();
    await fromMail
      .getByText("Enter the e-mail address you signed up with to see your preview again.")
      .waitFor();
    await expectAccessible(fromMail);
    await screenshotBoth(fromMail, "preview-link-back-asks-email");

    await fromMail.getByRole("button", { name: "Show My Preview" }).click();
    await fromMail.getByText("Please enter a valid email address").waitFor();
    await fromMail.getByLabel("Your email address").fill(email);
    await fromMail.getByRole("button", { name: "Show My Preview" }).click();
    await fromMail.getByText(/^We analyzed \d+ videos this week$/).waitFor({ timeout: PREVIEW_WAIT_MS });
    // The channel's title is the server's (catalog's), not the id the link carried.
    await fromMail.locator(".preview-channel-title").getByText("Pocket Orbit").waitFor();
    await fromMail
      .getByText(`This is what lands in ${email} every Monday at 9:00 AM, or on the day and hour you choose.`)
      .waitFor();
    // The preview shown in full is checked for accessibility in visitor-funnel's first test.
    await screenshotBoth(fromMail, "preview-link-back");
  });

  it("sends a beacon when the tab is closed", { timeout: 90_000 }, async () => {
    const email = uniqueEmail("beacon");
    await keepChannel(page, "kitchen", email);
    await registerOnLanding(page, email);
    await openPreview(page);
    await page.close({ runBeforeUnload: true });

    // The browser took the beacon (sendBeacon said so, and the page kept its 7-day marker); what the
    // mailer does with it is the mailer's own tests' (an e-mail only for the visitor's own account, from
    // the preview the summariser recorded, and none on the day of the welcome).
    const other = await context.newPage();
    await other.goto("/");
    await eventually(
      async () =>
        (await other.evaluate<string | null>(`localStorage.getItem("abandonmentEmailSent:${email}")`)) !==
        null,
      "the beacon was handed to the browser",
    );
  });

  it("asks for nothing once a plan is chosen, in the app or on closing the tab", {
    timeout: 90_000,
  }, async () => {
    const requests: string[] = [];
    context.on("request", (request) => {
      if (isAbandonment(request)) requests.push(request.method());
    });
    const email = uniqueEmail("chosen");
    await keepChannel(page, "orbit", email);
    await openPreview(page);
    await page.getByRole("button", { name: "Choose Solo" }).click();
    await page.waitForURL("**/checkout/solo");
    // Back to the preview it came from, and away from there again.
    await page.getByRole("link", { name: "← Back to your preview" }).click();
    await page.waitForURL("**/preview");
    await page.getByText(/^We analyzed \d+ videos this week$/).waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Log In" }).click();
    await page.waitForURL("**/login");
    await page.close({ runBeforeUnload: true });

    const other = await context.newPage();
    await other.goto("/");
    await other.waitForTimeout(1000);
    expect(requests).toEqual([]);
    expect(await mailbox(other)).not.toContain(email);
  });

  it("shows the loading view, then the error view and toast when the preview fails", async () => {
    await keepChannel(page, "orbit", uniqueEmail("failing"));
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    await page.route(`**${PREVIEW_PATH}`, async (route) => {
      await answered;
      await route.fulfill({
        status: 503,
        contentType: "application/json",
        body: JSON.stringify({ message: "The summariser is busy. Please try again in a minute." }),
      });
    });
    await page.goto("/preview");
    await page.getByRole("heading", { level: 1, name: "Crafting Your Newsletter Preview" }).waitFor();
    await page.getByText("This may take up to 30 seconds...").waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "preview-loading");

    answer();
    await page.getByRole("heading", { level: 1, name: "Unable to Generate Preview" }).waitFor();
    const toast = page.getByRole("alert").filter({ hasText: "Failed to generate newsletter preview" });
    await toast.getByText("The summariser is busy. Please try again in a minute.").waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "preview-error");

    await page.getByRole("link", { name: "Return to Homepage" }).click();
    await page.waitForURL(`${product.url}/`);
  });

  it("offers to pick a channel when opened with none kept, and previews the one picked", {
    timeout: 90_000,
  }, async () => {
    await page.goto("/preview");
    await page.getByRole("heading", { level: 1, name: "Preview Your Newsletter" }).waitFor();
    expect(await page.getByText("Unable to Generate Preview").count()).toBe(0);
    await page.getByRole("searchbox", { name: "Search for YouTube channels" }).fill("orbit");
    await page.getByRole("button", { name: /Pocket Orbit/ }).click();
    await expectAccessible(page);
    await screenshotBoth(page, "preview-pick-channel");

    const email = uniqueEmail("pick-on-preview");
    await page.getByRole("textbox", { name: "Your email address" }).fill(email);
    await page.getByRole("button", { name: "Preview Your Newsletter" }).click();
    await page.getByText(/^We analyzed \d+ videos this week$/).waitFor({ timeout: PREVIEW_WAIT_MS });
    await page
      .getByText(`This is what lands in ${email} every Monday at 9:00 AM, or on the day and hour you choose.`)
      .waitFor();
    await page.locator(".preview-channel-title").getByText("Pocket Orbit").waitFor();
    // Signed in from the first step, the reader's own day and hour are known: the preview says them.
    expect(
      (await callFromPage(page, "PUT", "/api/user/delivery-time", { weekday: 5, hour: 18 })).status,
    ).toBe(200);
    await page.reload();
    await page
      .getByText(`This is what lands in ${email} every Friday at 18:00, the day and hour you chose.`)
      .waitFor({
        timeout: PREVIEW_WAIT_MS,
      });
    await page.getByText("Choose a plan to get every summary in your inbox every Friday at 18:00.").waitFor();
    const plans = page.getByRole("region", { name: "Choose your plan" });
    await plans.getByText(/^Every plan e-mails your digest on your day: Friday at 18:00\./).waitFor();
    // Each card names the choice, its default and what every plan gives besides: search, the feed, sharing.
    for (const name of ["Solo", "Premium", "Pro"]) {
      const card = plans.getByRole("group", { name });
      for (const line of [
        "One e-mail a week, on the day and hour you choose (Monday 9:00 by default)",
        "Search every newsletter you were sent",
        "A private feed for your feed reader",
        "Share a summary with a link",
      ]) {
        await card.getByText(line, { exact: true }).waitFor();
      }
    }
    await screenshotBoth(page, "preview-chosen-day", [1280, 375]);

    // The landing page, to the same reader, says their day and hour too.
    await page.goto("/");
    await page
      .locator(".hero-lead")
      .getByText(/Every Friday at 18:00, a short e-mail/)
      .waitFor();
    await page.getByRole("region", { name: "What arrives every Friday" }).waitFor();
    await page
      .getByRole("region", { name: "How it works" })
      .getByText(/Friday at 18:00 in your time zone.*, the day and hour you chose/)
      .waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "landing-chosen-day", [1280, 375]);
  });
});
