import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSidewaysScroll, PHONE_WIDTH } from "./phone-width.ts";
import {
  CONFIGURED_SITE,
  callFromPage,
  expectAccessible,
  linkInMailbox,
  openPageForEachTest,
  screenshotBoth,
  startPlanInTestMode,
  toastIn,
  uniqueEmail,
} from "./support.ts";

const TOOL_PASSWORD = CONFIGURED_SITE.SUMMARY_TOOL_PASSWORD;
// A finished demo video (services/catalog/src/demo/demo-catalog.json), so the tool has something to summarise.
const DEMO_VIDEO_URL = "https://www.youtube.com/watch?v=UBZkHdEg7-z";
const DEMO_VIDEO_TITLE = "Rocket engines: a beginner's guide";

describe("settings, the hidden summary tool and signing in by an e-mailed link", () => {
  let context: BrowserContext;
  let page: Page;
  openPageForEachTest(
    (opened) => {
      ({ context, page } = opened);
    },
    // The tool is off unless a password is set.
    CONFIGURED_SITE,
  );

  const toast = (role: "status" | "alert", title: string) => toastIn(page, role, title);

  const call = (method: string, url: string, body?: unknown) => callFromPage(page, method, url, body);

  /** A signed-in account with a password, made from the page. */
  const signUp = async (prefix: string): Promise<string> => {
    await page.goto("/terms");
    const email = uniqueEmail(prefix);
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    return email;
  };

  /** Types into the time zone box and chooses, by keyboard, the one zone that matches. */
  const chooseTimeZone = async (typed: string, label: RegExp) => {
    const box = page.getByRole("combobox", { name: "Time Zone" });
    await box.fill(typed);
    const options = page.getByRole("listbox", { name: "Time zones" }).getByRole("option");
    await expect.poll(() => options.allTextContents()).toEqual([expect.stringMatching(label)]);
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(box.inputValue()).resolves.toMatch(label);
  };

  it("/settings without a session asks to sign in; /user-settings is /settings", async () => {
    await page.goto("/user-settings");
    await page.waitForURL("**/settings");
    await page.getByRole("heading", { level: 1, name: "Authentication Required" }).waitFor();
    await page.getByRole("link", { name: "Sign In" }).last().waitFor();
    // The sign-in screen's accessibility is checked once, on /dashboard (subscriber-dashboard).
    await screenshotBoth(page, "settings-signed-out");
  });

  it("/settings signs in once by the e-mail kept in session storage", async () => {
    await page.goto("/terms");
    const email = uniqueEmail("auto");
    // The landing page's account: a claim cookie in this browser and the address in session storage.
    expect((await call("POST", "/api/auth/register-with-email", { email, channels: [] })).status).toBe(201);
    await page.evaluate(`sessionStorage.setItem("userEmail", ${JSON.stringify(email)})`);
    await page.goto("/settings");
    await page.getByRole("heading", { level: 1, name: "Account Settings" }).waitFor();
    await expect(page.getByRole("textbox", { name: "Email" }).inputValue()).resolves.toBe(email);
  });

  it("/settings Profile: saves the full name, time zone and summary language, which a reload shows again", async () => {
    const email = await signUp("profile");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Profile", selected: true }).waitFor();
    const emailField = page.getByRole("textbox", { name: "Email" });
    await expect(emailField.isDisabled()).resolves.toBe(true);
    await expect(emailField.inputValue()).resolves.toBe(email);
    await expectAccessible(page);
    await screenshotBoth(page, "settings-profile");

    await page.getByRole("textbox", { name: "Full Name" }).fill("Ada Lovelace");
    await chooseTimeZone("berlin", /^Europe\/Berlin \(UTC\+0[12]:00\)$/);
    const language = page.getByRole("combobox", { name: "Summary Language" });
    await expect(language.inputValue()).resolves.toBe("");
    await language.selectOption({ label: "German" });
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast("status", "Profile updated").waitFor();

    await page.reload();
    await page.getByRole("tab", { name: "Profile" }).waitFor();
    await expect(page.getByRole("textbox", { name: "Full Name" }).inputValue()).resolves.toBe("Ada Lovelace");
    await expect(page.getByRole("combobox", { name: "Time Zone" }).inputValue()).resolves.toMatch(
      /^Europe\/Berlin \(UTC\+0[12]:00\)$/,
    );
    await expect(page.getByRole("combobox", { name: "Summary Language" }).inputValue()).resolves.toBe("de");
    const profile = await call("GET", "/api/user/profile");
    expect(profile.body).toEqual({
      email,
      fullName: "Ada Lovelace",
      timeZone: "Europe/Berlin",
      summaryLanguage: "de",
    });
  });

  it("/settings Profile: the time zone is found by typing, the browser's own offered first", async () => {
    // This browser is in Tokyo; the account, made without a zone, is in UTC.
    const devtools = await context.newCDPSession(page);
    await devtools.send("Emulation.setTimezoneOverride", { timezoneId: "Asia/Tokyo" });
    await signUp("time-zone");
    await page.goto("/settings");
    const box = page.getByRole("combobox", { name: "Time Zone" });
    await expect(box.inputValue()).resolves.toBe("UTC (UTC+00:00)");
    expect(await box.getAttribute("aria-expanded")).toBe("false");

    // Opened, the list holds every zone, Tokyo first; the chosen one is where the list opens.
    await box.click();
    const list = page.getByRole("listbox", { name: "Time zones" });
    const options = list.getByRole("option");
    expect(await box.getAttribute("aria-expanded")).toBe("true");
    expect(await options.count()).toBeGreaterThan(300);
    expect(await options.first().textContent()).toBe("Asia/Tokyo (UTC+09:00) · your browser's time zone");
    const active = await box.getAttribute("aria-activedescendant");
    expect(await page.locator(`[id="${active}"]`).textContent()).toBe("UTC (UTC+00:00)");
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshotBoth(page, "settings-time-zone-list", [1280, PHONE_WIDTH]);

    // Typing filters by any words of the name or the offset; nothing matching says so.
    await box.fill("new york");
    await expect
      .poll(() => options.allTextContents())
      .toEqual([expect.stringMatching(/^America\/New York \(UTC-0[45]:00\)$/)]);
    await box.fill("atlantis");
    await page.getByText('No time zone matches "atlantis"').first().waitFor();
    expect(await box.getAttribute("aria-expanded")).toBe("false");
    // Escape drops what was typed: the zone stays as it was.
    await page.keyboard.press("Escape");
    await expect(box.inputValue()).resolves.toBe("UTC (UTC+00:00)");

    // The browser's zone is also one press away.
    await page.getByRole("button", { name: "Use Asia/Tokyo (UTC+09:00), your browser's time zone" }).click();
    await expect(box.inputValue()).resolves.toBe("Asia/Tokyo (UTC+09:00)");
    expect(await page.getByRole("button", { name: /your browser's time zone/ }).count()).toBe(0);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast("status", "Profile updated").waitFor();
    expect((await call("GET", "/api/user/profile")).body.timeZone).toBe("Asia/Tokyo");

    // And any other by the keyboard alone, by its name today; the server stores its runtime's own
    // spelling of the zone ("Asia/Calcutta" for many), which the box shows by today's name again.
    await chooseTimeZone("kolkata", /^Asia\/Kolkata \(UTC\+05:30\)$/);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await toast("status", "Profile updated").waitFor();
    const canonical = new Intl.DateTimeFormat("en-US", { timeZone: "Asia/Kolkata" }).resolvedOptions()
      .timeZone;
    expect((await call("GET", "/api/user/profile")).body.timeZone).toBe(canonical);
    await page.reload();
    await expect(box.inputValue()).resolves.toBe("Asia/Kolkata (UTC+05:30)");
  });

  it("/settings Subscription: a trial user sees when the free trial ends, and 'Subscribe Now'", async () => {
    await signUp("trial");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Subscription" }).click();
    await page.getByText(/^Free trial, ends \w+ \d{1,2}, \d{4}$/).waitFor();
    expect(await page.getByText("No Active Subscription").count()).toBe(0);
    await page.getByRole("link", { name: "Subscribe Now" }).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "settings-trial");
  });

  it("/settings Subscription: the plan chosen in the trial, its price, 'Change Plan', and cancelling after confirmation", async () => {
    await signUp("cancel");
    await startPlanInTestMode(call, "creator");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Subscription" }).click();
    await page.getByText("Premium Plan").waitFor();
    await page.getByText("$9.99 per month").waitFor();
    // Chosen during the free days: the plan starts when they end.
    await page.getByText(/^Trial, then Premium from \w+ \d{1,2}, \d{4} \(test mode\)$/).waitFor();
    // 'Change Plan' leads to the tiers on this tab, never to /subscribe.
    await expect(page.getByRole("link", { name: "Change Plan" }).getAttribute("href")).resolves.toBe(
      "#change-plan",
    );
    await page.getByRole("region", { name: "Change plan" }).waitFor();
    // Billing has no Stripe key here, so there is no portal to offer.
    expect(await page.getByRole("button", { name: "Manage Billing" }).count()).toBe(0);
    // This tab with a plan chosen in the trial is checked for accessibility in subscriber-plans.
    await screenshotBoth(page, "settings-subscription");

    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    const dialog = page.getByRole("dialog", { name: "Cancel your subscription?" });
    await dialog.getByText("Cancelling ends your access at the end of the current billing period.").waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "settings-cancel-dialog");
    // A reader who only needs a break is offered the pause, on the Account tab.
    await dialog.getByRole("link", { name: "Pause deliveries instead" }).click();
    await page.getByRole("button", { name: "Pause Deliveries" }).waitFor();
    await page.getByRole("tab", { name: "Subscription" }).click();
    await page.getByRole("button", { name: "Cancel Subscription" }).click();
    await dialog.getByRole("button", { name: "Cancel Subscription" }).click();
    await toast("status", "Subscription cancelled").waitFor();
    await page.getByText("Access continues until the billing period ends.").first().waitFor();
    await page.getByText("Your subscription is cancelled.").waitFor();
    expect((await call("GET", "/api/subscription")).body.cancelAtPeriodEnd).toBe(true);
  });

  it("/ps: a wrong password stays locked with 'Incorrect password'", async () => {
    await page.goto("/ps");
    await expectAccessible(page);
    await screenshotBoth(page, "ps-locked");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Unlock" }).click();
    await page.getByText("Incorrect password").waitFor();
    expect(await page.getByRole("textbox", { name: "YouTube video URL" }).count()).toBe(0);
  });

  it("/ps: the right password unlocks; a video gives its title and summary, and Copy reads 'Copied!'", async () => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/ps");
    await page.getByLabel("Password").fill(TOOL_PASSWORD);
    await page.getByRole("button", { name: "Unlock" }).click();
    const url = page.getByRole("textbox", { name: "YouTube video URL" });
    await url.waitFor();
    await expectAccessible(page);

    await url.fill("https://example.com/watch?v=UBZkHdEg7-z");
    await page.getByRole("button", { name: "Generate Summary" }).click();
    await page.getByText("Please enter a valid YouTube URL").waitFor();

    await url.fill(DEMO_VIDEO_URL);
    await page.getByRole("button", { name: "Generate Summary" }).click();
    await page.getByRole("heading", { level: 2, name: DEMO_VIDEO_TITLE }).waitFor({ timeout: 30_000 });
    await expect(page.locator(".ps-result .markdown").textContent()).resolves.not.toBe("");
    await expectAccessible(page);
    await screenshotBoth(page, "ps-summary");

    await page.getByRole("button", { name: "Copy" }).click();
    await page.getByRole("button", { name: "Copied!" }).waitFor();
    const copied = await page.evaluate<string>("navigator.clipboard.readText()");
    expect(copied.length).toBeGreaterThan(0);
    // Back to 'Copy' after 2 seconds.
    await page.getByRole("button", { name: "Copy", exact: true }).waitFor({ timeout: 4_000 });
  });

  it("sign-in link: asked for on /sign-in-link, read in /dev/mailbox, followed, confirmed by a click", async () => {
    await page.goto("/terms");
    const email = uniqueEmail("link");
    // A password-less account, as the landing page makes; then a browser that holds nothing of it.
    expect((await call("POST", "/api/auth/register-with-email", { email, channels: [] })).status).toBe(201);
    await context.clearCookies();

    await page.goto("/sign-in-link");
    await expectAccessible(page);
    await screenshotBoth(page, "sign-in-link");
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.getByText("If an account exists for this address, we've sent a sign-in link to it.").waitFor();
    await page.getByText("Check your inbox").waitFor();

    const link = await signInLinkFor(email);
    await page.goto(link);
    // The page says whose account the link signs into, and opening it signs nobody in nor spends it.
    await page.getByRole("heading", { level: 1, name: "Confirm Sign-In" }).waitFor();
    await page.getByText(`This link signs you in as ${email}.`).waitFor();
    await page.getByText("Continue only if this is your address and you asked for this link.").waitFor();
    // The token does not stay in the address bar.
    expect(new URL(page.url()).search).toBe("");
    expect((await call("GET", "/api/auth/current-user")).status).toBe(401);
    const token = new URLSearchParams(link.split("?")[1]).get("token");
    expect((await call("POST", "/api/auth/sign-in-link/preview", { token })).body).toEqual({ email });
    await expectAccessible(page);
    await screenshotBoth(page, "sign-in-with-link-confirm");

    await page.getByRole("button", { name: `Sign in as ${email}` }).click();
    await page.getByRole("heading", { level: 1, name: "You're Signed In" }).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "sign-in-with-link");
    // Reloading the page that just worked shows it done, not "already used".
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "You're Signed In" }).waitFor();

    await page.getByLabel("New password").fill("short");
    await page.getByRole("button", { name: "Set Password" }).click();
    await page.getByText("Password must be at least 8 characters").waitFor();
    await page.getByLabel("New password").fill("a-good-password");
    await page.getByRole("button", { name: "Set Password" }).click();
    await page.getByText("Password set.").waitFor();

    await page.getByRole("link", { name: "Go to Your Dashboard" }).click();
    await page.waitForURL("**/dashboard");
    expect((await call("GET", "/api/auth/current-user")).body.email).toBe(email);
    // The password works from now on.
    expect((await call("POST", "/api/auth/login", { email, password: "a-good-password" })).status).toBe(200);

    // The link works once; a spent one says so at once, with nothing to click.
    await context.clearCookies();
    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Sign-In Link Not Valid" }).waitFor();
    await page.getByText("This sign-in link is invalid, expired or already used.").waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "sign-in-with-link-invalid");
    await page.getByRole("link", { name: "Email me a new link" }).click();
    await page.waitForURL("**/sign-in-link");
  });

  /** The sign-in link in the newest sign-in message to `email` in the development mailbox. */
  const signInLinkFor = (email: string) =>
    linkInMailbox(page, email, /sign.?in/i, /https?:\/\/\S+\/sign-in\/link\?token=[^\s)>\]]+/);
});
