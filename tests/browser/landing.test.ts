import type { RunningProduct } from "@tubedigest/standalone";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callFromPage, sharedChromium, sharedTestProduct, uniqueEmail } from "./support.ts";

const HERO_TITLE = "Make an email Newsletter out of your favorite YouTube Channels";

describe("web app served by the product", () => {
  let product: RunningProduct | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: Error[];
  let consoleErrors: string[];

  beforeAll(async () => {
    // The worker's product as `make start` starts it, through the product's own configuration schema.
    product = await sharedTestProduct();
    browser = await sharedChromium();
  });

  beforeEach(async () => {
    if (!browser || !product) throw new Error("the product or the browser did not start");
    context = await browser.newContext({ baseURL: product.url, viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    pageErrors = [];
    consoleErrors = [];
    page.on("pageerror", (error) => pageErrors.push(error));
    // A script, style or image the content security policy blocks shows up here, not as a page error.
    page.on("console", (message) => {
      if (message.type() === "error") consoleErrors.push(message.text());
    });
  });

  afterEach(async () => {
    await context.close();
    expect(pageErrors.map((error) => error.message)).toEqual([]);
    expect(consoleErrors.filter((text) => /Content Security Policy/i.test(text))).toEqual([]);
  });

  const header = () => page.getByRole("banner");

  it("shows the landing page with Log In and Get started to a visitor", async () => {
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: HERO_TITLE }).waitFor();
    const logIn = header().getByRole("link", { name: "Log In" });
    await logIn.waitFor();
    expect(await logIn.getAttribute("href")).toBe("/login");
    // Beside it the one primary action: to the channel search, the funnel's first step.
    const getStarted = header().getByRole("link", { name: "Get started" });
    expect(await getStarted.getAttribute("href")).toBe("/#find-channel");
    expect(await getStarted.getAttribute("class")).toContain("button-primary");
    expect(await header().getByRole("link", { name: "Dashboard" }).count()).toBe(0);

    const footer = page.getByRole("contentinfo");
    expect(await footer.textContent()).toContain(
      "Your favorite video channels, summarized and delivered to your inbox.",
    );
    expect(await footer.textContent()).toContain(`© ${new Date().getFullYear()} tubedigest`);
  });

  it("runs under a content security policy that blocks an injected inline script", async () => {
    await page.goto("/");
    await page.getByRole("heading", { level: 1, name: HERO_TITLE }).waitFor();
    const ran = await page.evaluate<boolean>(`(() => {
      const script = document.createElement("script");
      script.textContent = "window.injected = true";
      document.body.appendChild(script);
      return window.injected === true;
    })()`);
    expect(ran).toBe(false);
    expect(consoleErrors.some((text) => /Content Security Policy/i.test(text))).toBe(true);
    consoleErrors = []; // the one blocked on purpose
  });

  it("shows the not-found screen for an unknown path", async () => {
    const response = await page.goto("/some/unknown/path");
    expect(response?.status()).toBe(200); // the SPA fallback; the router decides what to show
    await page.getByRole("heading", { level: 1, name: "404 Page Not Found" }).waitFor();
  });

  it("shows the account menu once registered, with a session cookie scripts cannot read", async () => {
    await page.goto("/");
    await header().getByRole("link", { name: "Log In" }).waitFor();

    const email = uniqueEmail("browser");
    const registered = await callFromPage(page, "POST", "/api/auth/register", {
      email,
      password: "password123",
    });
    expect(registered.status).toBe(201);

    await page.reload();
    await header().getByRole("button", { name: "Account" }).click();
    const dashboard = header().getByRole("menuitem", { name: "Dashboard" });
    await dashboard.waitFor();
    expect(await dashboard.getAttribute("href")).toBe("/dashboard");
    expect(await header().getByRole("link", { name: "Log In" }).count()).toBe(0);
    expect(await header().getByRole("link", { name: "Get started" }).count()).toBe(0);

    const session = (await context.cookies()).find((cookie) => cookie.name === "td_session");
    expect(session).toBeDefined();
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe("Lax");
    // A string expression runs in the page, so this file needs no DOM typings.
    expect(await page.evaluate<string>("document.cookie")).not.toContain("td_session");
  });
});
