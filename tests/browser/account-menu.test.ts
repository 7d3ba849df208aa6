import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSidewaysScroll, expectSiteHeader, PHONE_WIDTH } from "./phone-width.ts";
import {
  callFromPage,
  expectAccessible,
  linkInMailbox,
  openPageForEachTest,
  screenshotBoth,
  startPlanInTestMode,
  toastIn,
  uniqueEmail,
} from "./support.ts";

const COPPER_PAN_KITCHEN = "UCvM81RMemUTptIftvHQ02sb";

// Every screen of the web app, each with the heading it shows (a signed-in reader's where it differs).
const PAGES: readonly { path: string; heading: RegExp }[] = [
  // The landing page's words are its own; any heading will do.
  { path: "/", heading: /./ },
  { path: "/dashboard", heading: /Dashboard|Authentication Required/ },
  { path: "/settings", heading: /Account Settings|Authentication Required/ },
  { path: "/subscribe", heading: /Subscri|Authentication Required/ },
  { path: "/checkout/premium", heading: /Checkout/ },
  // Nothing was chosen on the landing page in this browser: it offers to pick a channel.
  { path: "/preview", heading: /Preview Your Newsletter/ },
  { path: "/login", heading: /Sign In/ },
  { path: "/signup", heading: /Create Your Account/ },
  { path: "/terms", heading: /Terms of Service/ },
  { path: "/privacy", heading: /Privacy Policy/ },
  { path: "/ps", heading: /Video Summary Tool/ },
  { path: "/sign-in-link", heading: /Sign/ },
  { path: "/sign-in/link", heading: /Sign/ },
  { path: "/no/such/page", heading: /404 Page Not Found/ },
];

// The product as `make start` runs it: no password is set for the hidden summary tool, so it is off.
describe("the signed-in reader's account menu, signing out, and every page on a phone", () => {
  let context: BrowserContext;
  let page: Page;
  openPageForEachTest((opened) => {
    ({ context, page } = opened);
  });

  const call = (method: string, url: string, body?: unknown) => callFromPage(page, method, url, body);
  const header = () => page.getByRole("banner");
  const accountButton = () => header().getByRole("button", { name: "Account" });
  const menu = () => page.getByRole("menu", { name: "Account" });

  /** A new account with a password, signed in from the page at `path`. */
  const signUp = async (prefix: string, path = "/terms"): Promise<string> => {
    await page.goto(path);
    const email = uniqueEmail(prefix);
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    return email;
  };

  /** "role:text" of the focused element (a string expression: this folder has no DOM typings). */
  const focused = (): Promise<string> =>
    page.evaluate(`(() => {
      const element = document.activeElement;
      return (element?.getAttribute("role") ?? element?.tagName.toLowerCase()) + ":" + (element?.textContent ?? "").trim();
    })()`);

  it("offers Dashboard, Settings and Sign out, from the keyboard as from the mouse", async () => {
    const email = await signUp("menu");
    await page.reload();
    const button = accountButton();
    await button.waitFor();
    expect(await button.getAttribute("aria-haspopup")).toBe("menu");
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await menu().count()).toBe(0);

    // Enter opens it on its first item; the arrows go round; Home, End and a first letter jump.
    await button.focus();
    await page.keyboard.press("Enter");
    await menu().waitFor();
    expect(await button.getAttribute("aria-expanded")).toBe("true");
    expect(await button.getAttribute("aria-controls")).toBe(await menu().getAttribute("id"));
    expect(await menu().textContent()).toBe("DashboardSettingsSign out");
    expect(await page.getByText(email).count()).toBe(1);
    expect(await focused()).toBe("menuitem:Dashboard");
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("menuitem:Settings");
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("menuitem:Sign out");
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("menuitem:Dashboard");
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toBe("menuitem:Sign out");
    await page.keyboard.press("Home");
    expect(await focused()).toBe("menuitem:Dashboard");
    await page.keyboard.press("End");
    expect(await focused()).toBe("menuitem:Sign out");
    await page.keyboard.press("s");
    expect(await focused()).toBe("menuitem:Settings");
    await expectAccessible(page);

    // Escape closes it and gives the focus back; Space and ArrowUp open it again, ArrowUp on its last item.
    await page.keyboard.press("Escape");
    expect(await menu().count()).toBe(0);
    expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await focused()).toMatch(/^button:.Account$/);
    await page.keyboard.press("Space");
    expect(await focused()).toBe("menuitem:Dashboard");
    await page.keyboard.press("Escape");
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toBe("menuitem:Sign out");
    // Tab leaves it, closed.
    await page.keyboard.press("Tab");
    expect(await menu().count()).toBe(0);

    // A press anywhere else closes it.
    await button.click();
    await menu().waitFor();
    await page.getByRole("heading", { level: 1 }).click();
    expect(await menu().count()).toBe(0);

    // Choosing an item goes there and closes the menu; the page's own item is marked.
    await button.click();
    await menu().getByRole("menuitem", { name: "Settings" }).click();
    await page.getByRole("heading", { level: 1, name: "Account Settings" }).waitFor();
    expect(await menu().count()).toBe(0);
    await button.focus();
    await page.keyboard.press("Enter");
    expect(await menu().getByRole("menuitem", { name: "Settings" }).getAttribute("aria-current")).toBe(
      "page",
    );
    await page.keyboard.press("Enter");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  });

  it("fits a phone: the open menu stays on the screen", async () => {
    await signUp("menu-phone", "/dashboard");
    await page.reload();
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    await accountButton().click();
    const box = await menu().locator("..").boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE_WIDTH);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshotBoth(page, "account-menu", [1280, PHONE_WIDTH]);
  });

  it("signs out: the session ends on the server, the page forgets the account, the landing page follows", async () => {
    const email = await signUp("sign-out", "/dashboard");
    await page.evaluate(`sessionStorage.setItem("userEmail", ${JSON.stringify(email)})`);
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const session = (await context.cookies()).find((cookie) => cookie.name === "td_session");
    expect(session).toBeDefined();

    await accountButton().click();
    await menu().getByRole("menuitem", { name: "Sign out" }).click();
    await toastIn(page, "status", "Signed out").waitFor();
    await page.waitForURL((url) => url.pathname === "/");
    await header().getByRole("link", { name: "Log In" }).waitFor();
    expect(await accountButton().count()).toBe(0);
    expect((await call("GET", "/api/auth/current-user")).status).toBe(401);
    expect(await page.evaluate(`sessionStorage.getItem("userEmail")`)).toBeNull();

    // The old cookie, replayed from another browser, is worth nothing: the server ended the session.
    const elsewhere = await context.browser()?.newContext({ baseURL: page.url() });
    if (!elsewhere || !session) throw new Error("no second browser context");
    await elsewhere.addCookies([session]);
    expect((await elsewhere.request.get("/api/auth/current-user")).status()).toBe(401);
    await elsewhere.close();

    // Nothing the page held about the account is shown again: with the server's answer held back, the
    // dashboard reached without a page load asks to sign in rather than showing what it had.
    await page.route("**/api/auth/current-user", () => undefined);
    await page.evaluate(
      `history.pushState(null, "", "/dashboard"); dispatchEvent(new PopStateEvent("popstate"))`,
    );
    await page.getByRole("heading", { level: 1, name: "Authentication Required" }).waitFor();
    expect(await page.getByText(email).count()).toBe(0);
  });

  it("never flashes 'Log In' at a signed-in reader nor moves the page while the account loads", async () => {
    await signUp("no-flash");
    await page.addInitScript(`
      window.__sawLogIn = false;
      new MutationObserver(() => {
        if (document.querySelector("header")?.textContent?.includes("Log In")) window.__sawLogIn = true;
      }).observe(document, { subtree: true, childList: true, characterData: true });
    `);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/auth/current-user", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/terms");
    await page.getByRole("heading", { level: 1, name: "Terms of Service" }).waitFor();
    const place = () =>
      page.evaluate<{ header: number; main: number }>(
        `({ header: document.querySelector("header").getBoundingClientRect().height,
            main: document.querySelector("main").getBoundingClientRect().top })`,
      );
    const before = await place();
    expect(await header().getByText("Log In").count()).toBe(0);
    release();
    await accountButton().waitFor();
    expect(await place()).toEqual(before);
    expect(await page.evaluate("window.__sawLogIn")).toBe(false);
  });

  it("has the site's header and fits a phone on every page, signed in or not, and no 'Log In' once signed in", async () => {
    for (const signedIn of [false, true]) {
      if (signedIn) await signUp("every-page");
      for (const { path, heading } of PAGES) {
        await page.setViewportSize({ width: 1280, height: 800 });
        await page.goto(path);
        await page.getByRole("heading", { level: 1, name: heading }).waitFor();
        await expectSiteHeader(page);
        await (signedIn ? accountButton() : header().getByRole("link", { name: "Log In" })).waitFor();
        if (signedIn) {
          // Both account parts have arrived, the header's menu and the footer's link, and neither the
          // header nor the footer offers to log in.
          await page.getByRole("contentinfo").getByRole("link", { name: "Dashboard" }).waitFor();
          expect(await page.getByText("Log In", { exact: true }).count(), path).toBe(0);
          expect(await page.getByRole("link", { name: /log in/i }).count(), path).toBe(0);
        }
        for (const width of [PHONE_WIDTH, 360]) await expectNoSidewaysScroll(page, width);
        if (signedIn) {
          const name = `signed-in${path === "/" ? "-landing" : path.replaceAll("/", "-")}`;
          await screenshotBoth(page, name, [1280, PHONE_WIDTH]);
        }
      }
    }
  });

  it("/ps with the tool switched off says so plainly, naming no server setting", async () => {
    await page.goto("/ps");
    await page.getByLabel("Password").fill("any password at all");
    await page.getByRole("button", { name: "Unlock" }).click();
    const notice = page
      .getByRole("status")
      .filter({ hasText: "The summary tool is not available right now." });
    await notice.waitFor();
    // A notice about the site, not a mistake in what was typed.
    expect(await page.getByLabel("Password").getAttribute("aria-invalid")).toBeNull();
    expect(await page.locator("body").textContent()).not.toMatch(/SUMMARY_TOOL_PASSWORD|[A-Z]+_[A-Z_]+/);
    await expectNoSidewaysScroll(page);
    await expectAccessible(page);
    await screenshotBoth(page, "ps-unavailable", [1280, PHONE_WIDTH]);
  });

  it("the digest's unsubscribe page has the site's header and a card clear of a phone's edges; a payer's plan goes on", async () => {
    const email = await signUp("unsubscribe-page");
    // A paying reader (test mode).
    await startPlanInTestMode(call, "premium");
    expect((await call("POST", "/api/user/channels", { youtubeChannelId: COPPER_PAN_KITCHEN })).status).toBe(
      201,
    );
    // A newsletter now, mailed as the weekly one is, unsubscribe link and all.
    expect([200, 202]).toContain((await call("POST", "/api/generate-newsletter")).status);
    const link = await linkInMailbox(
      page,
      email,
      /Your week/,
      /https?:\/\/\S+\/api\/unsubscribe\?token=[A-Za-z0-9._~-]+/,
    );
    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Unsubscribe from the weekly digest?" }).waitFor();
    await expectSiteHeader(page);
    expect(await header().getByRole("link", { name: "tubedigest home" }).getAttribute("href")).toBe("/");
    for (const width of [PHONE_WIDTH, 360]) {
      await expectNoSidewaysScroll(page, width);
      const card = await page.locator(".card").boundingBox();
      expect(card?.x, `${width} px`).toBeGreaterThanOrEqual(12);
      expect((card?.x ?? 0) + (card?.width ?? 0), `${width} px`).toBeLessThanOrEqual(width - 12);
    }
    await expectAccessible(page);
    await screenshotBoth(page, "unsubscribe", [1280, PHONE_WIDTH]);

    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await page.getByRole("heading", { level: 1, name: "You are unsubscribed" }).waitFor();
    // Unsubscribing stops the e-mail, not the plan: the page says so and leads to both ways of stopping.
    await page.getByText("Your paid plan stays active and renews as before").waitFor();
    await expectSiteHeader(page);
    await expectNoSidewaysScroll(page);
    await screenshotBoth(page, "unsubscribed", [1280, PHONE_WIDTH]);

    await page.getByRole("link", { name: "Pause deliveries" }).click();
    await page.waitForURL("**/settings?tab=account");
    const off = page.getByRole("status").filter({ hasText: "E-mail delivery off" });
    await off.waitFor();
    await page.getByText("E-mail delivery is off, so no digest is sent").waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "settings-email-delivery-off", [1280, PHONE_WIDTH]);
    await page.goto("/dashboard");
    await off.waitFor();
    await screenshotBoth(page, "dashboard-email-delivery-off", [1280, PHONE_WIDTH]);
    await off.getByRole("button", { name: "Turn back on" }).click();
    await page.getByRole("status").filter({ hasText: "E-mail delivery on" }).waitFor();
    expect(await off.count()).toBe(0);
    expect((await call("GET", "/api/user/email-delivery")).body).toEqual({ on: true, offSince: null });
  });
});
