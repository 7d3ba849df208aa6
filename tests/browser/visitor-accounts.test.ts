import type { RunningProduct } from "@tubedigest/standalone";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  CONFIGURED_SITE,
  callFromPage,
  expectAccessible,
  type Json,
  linkInMailbox,
  openPageForEachTest,
  screenshotBoth,
  screenshotMail,
  toastIn,
  uniqueEmail,
} from "./support.ts";

/** Who runs the product and where to write, as this suite's product is configured. */
const { SUPPORT_EMAIL, OPERATOR_NAME } = CONFIGURED_SITE;
const RUN_BY = `tubedigest is run by ${OPERATOR_NAME}. Questions? Write to ${SUPPORT_EMAIL}.`;

describe("signing in, signing up, resetting a password, the legal pages and the 404 screen", () => {
  let product: RunningProduct;
  let context: BrowserContext;
  let page: Page;
  openPageForEachTest((opened) => {
    ({ product, context, page } = opened);
  }, CONFIGURED_SITE);

  const toast = (role: "status" | "alert", title: string) => toastIn(page, role, title);

  const call = (method: string, url: string, body?: unknown) => callFromPage(page, method, url, body);

  it("/login: checks the fields, says when sign-in fails, and Google is coming soon", async () => {
    await page.goto("/login");
    await page.getByRole("heading", { level: 1, name: "Sign In" }).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "login");

    const signIn = page.getByRole("button", { name: "Sign In", exact: true });
    await signIn.click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByText("Password is required").waitFor();
    await expectAccessible(page);

    await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("nobody"));
    await page.getByLabel("Password").fill("wrong-password");
    await signIn.click();
    await toast("alert", "Login failed").waitFor();
    expect(page.url()).toMatch(/\/login$/);

    await page.getByRole("button", { name: "Sign in with Google" }).click();
    await toast("status", "Coming soon").waitFor();
    // One toast at a time: the new one replaced the error.
    expect(await toast("alert", "Login failed").count()).toBe(0);
  });

  it("/login: a right password says 'Welcome back!' and goes to /dashboard", async () => {
    await page.goto("/login");
    const email = uniqueEmail("login");
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    await call("POST", "/api/auth/logout");
    await context.clearCookies();

    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await page.getByLabel("Password").fill("password123");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.waitForURL("**/dashboard");
    await toast("status", "Welcome back!").waitFor();
    await page.getByRole("banner").getByRole("button", { name: "Account" }).waitFor();
  });

  it("Forgot password?: a link mailed, a new password set once, signed in, the old password refused", async () => {
    await page.goto("/login");
    const email = uniqueEmail("reset");
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    await call("POST", "/api/auth/logout");
    await context.clearCookies();

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL("**/forgot-password");
    await page.getByRole("heading", { level: 1, name: "Reset Your Password" }).waitFor();
    await page.getByRole("textbox", { name: "Email" }).fill(email);
    await expectAccessible(page);
    await screenshotBoth(page, "forgot-password", [1280, 375]);
    await page.getByRole("button", { name: "Email me a reset link" }).click();
    await page
      .getByText("If an account exists for this address, we've sent a link to choose a new password.")
      .waitFor();
    await screenshotBoth(page, "forgot-password-sent", [1280, 375]);

    const subject = /Reset your tubedigest password/;
    const link = await linkInMailbox(page, email, subject, /https?:\/\/\S+\/reset-password\?token=[\w-]+/);
    await screenshotMail(page, email, subject, "mail-password-reset", [1280, 375]);

    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Choose a New Password" }).waitFor();
    await page.getByRole("main").getByText(email).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "reset-password", [1280, 375]);
    const save = page.getByRole("button", { name: "Set New Password" });
    await page.getByLabel("New password").fill("short");
    await save.click();
    await page.getByText("Password must be at least 8 characters").waitFor();
    await expectAccessible(page);
    await page.getByLabel("New password").fill("a-brand-new-password");
    await save.click();
    await page.getByRole("heading", { level: 1, name: "Password Changed" }).waitFor();
    await page.getByText(`Signed in as ${email}.`).waitFor();
    await screenshotBoth(page, "reset-password-done", [1280, 375]);
    await page.getByRole("link", { name: "Go to Your Dashboard" }).click();
    await page.waitForURL("**/dashboard");
    await page.getByRole("banner").getByRole("button", { name: "Account" }).waitFor();

    // Another browser: the old password no longer works, the new one does, and the link is spent.
    const elsewhere = await context.browser()?.newContext({ baseURL: product.url });
    const other = await elsewhere?.newPage();
    if (!other) throw new Error("a second browser");
    await other.goto("/terms");
    const signIn = (password: string) => callFromPage(other, "POST", "/api/auth/login", { email, password });
    expect((await signIn("password123")).status).toBe(401);
    expect((await signIn("a-brand-new-password")).status).toBe(200);
    await other.goto(link);
    await other.getByRole("heading", { level: 1, name: "Reset Link Not Valid" }).waitFor();
    await other
      .getByText("This password reset link is invalid, expired or already used. Please ask for a new one.")
      .waitFor();
    await elsewhere?.close();
  });

  it("/signup: checks the fields", async () => {
    await page.goto("/signup");
    await page.getByRole("heading", { level: 1, name: "Create Your Account" }).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "signup");

    await page.getByRole("textbox", { name: "Email" }).fill("no-at-sign");
    await page.getByLabel("Password").fill("short");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByText("Password must be at least 8 characters").waitFor();

    await page.getByRole("button", { name: "Sign up with Google" }).click();
    await toast("status", "Coming soon").waitFor();
    for (const [name, path] of [
      ["Terms of Service", "/terms"],
      ["Privacy Policy", "/privacy"],
      ["Sign in", "/login"],
    ]) {
      expect(await page.getByRole("main").getByRole("link", { name, exact: true }).getAttribute("href")).toBe(
        path,
      );
    }
  });

  it("/signup with channels and a plan kept from the funnel: adds the channels and reaches /dashboard", async () => {
    await page.goto("/");
    const search = await call("GET", "/api/youtube/search?query=demo");
    const channels = search.body.slice(0, 2);
    expect(channels).toHaveLength(2);
    const email = uniqueEmail("signup");
    // What /preview keeps when a plan is chosen (string expressions: this file has no DOM typings).
    await page.evaluate(`(() => {
      sessionStorage.setItem("selectedChannels", ${JSON.stringify(JSON.stringify(channels))});
      sessionStorage.setItem("selectedPlan", "creator");
      sessionStorage.setItem("calculatedPrice", "9.99");
      sessionStorage.setItem("userEmail", ${JSON.stringify(email)});
    })()`);

    await page.goto("/signup");
    await page.getByText("Your selected channels will be added to your account after signup").waitFor();
    await page.getByText("Selected Plan").waitFor();
    // The tier's one name (the kept "creator" is Premium), and the trial and the price in one sentence.
    await page.locator(".selected-plan-name").getByText("Premium").waitFor();
    await page.getByText("7 days free, then $9.99/month").waitFor();
    expect(await page.getByText("Your first 7 days are free").count()).toBe(0);
    expect(await page.getByRole("textbox", { name: "Email" }).inputValue()).toBe(email);
    await expectAccessible(page);
    await screenshotBoth(page, "signup-with-plan");

    await page.getByLabel("Password").fill("password123");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.waitForURL("**/dashboard");

    const followed = await call("GET", "/api/user/channels");
    expect(followed.body.map((channel: Json) => channel.youtubeChannelId).sort()).toEqual(
      channels.map((channel: Json) => channel.id).sort(),
    );
    // Billing activates plans only through checkout, so the funnel's subscription call is refused and said.
    await toast("alert", "Subscription error").waitFor();
    const kept = await page.evaluate(`({
      channels: sessionStorage.getItem("selectedChannels"),
      plan: sessionStorage.getItem("selectedPlan"),
      price: sessionStorage.getItem("calculatedPrice"),
      email: sessionStorage.getItem("userEmail"),
    })`);
    expect(kept).toEqual({ channels: null, plan: null, price: null, email });
  });

  it("/terms and /privacy are real pages linked from the footer", async () => {
    for (const [link, heading, name] of [
      ["Terms", "Terms of Service", "terms"],
      ["Privacy", "Privacy Policy", "privacy"],
    ] as const) {
      await page.goto("/");
      await page.getByRole("contentinfo").getByRole("link", { name: link }).click();
      await page.getByRole("heading", { level: 1, name: heading }).waitFor();
      expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
      await expectAccessible(page);
      await screenshotBoth(page, name, [1280, 375]);
    }
    await page.getByRole("heading", { name: "Payments: Stripe" }).waitFor();
    await page.getByRole("heading", { name: "Deleting your account" }).waitFor();
    const main = page.getByRole("main");
    await main.getByText(`tubedigest is run by ${OPERATOR_NAME}, who is responsible`).waitFor();
    expect(await main.getByRole("link", { name: SUPPORT_EMAIL }).getAttribute("href")).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );

    // The terms name the operator, the support address and the refund rule.
    await page.goto("/terms");
    await main.getByText(`tubedigest is run by ${OPERATOR_NAME} (“we”).`).waitFor();
    expect(await main.getByRole("link", { name: SUPPORT_EMAIL }).getAttribute("href")).toBe(
      `mailto:${SUPPORT_EMAIL}`,
    );
    await page.getByRole("heading", { level: 2, name: "Cancelling and refunds" }).waitFor();
    await main.getByText("A plan is not refunded for a part month.").waitFor();
    await main.getByText("A single summary that is not delivered is never charged.").waitFor();
    await main.getByText("It keeps working until the end of the period you paid for").waitFor();
    // What you get: the day and hour you choose, and the search, the private feed and sharing by link.
    await main
      .getByText(/every Monday at 9:00 AM in your time zone \(or the day and hour you choose/)
      .waitFor();
    await main.getByText(/where you can search your newsletters/).waitFor();
    await main.getByText(/through a private feed/).waitFor();
    await main.getByText(/share a single summary with a link/).waitFor();
  });

  it("every page's footer says who runs tubedigest and where to write, the address a mail link", async () => {
    for (const path of [
      "/",
      "/login",
      "/forgot-password",
      "/subscribe",
      "/dashboard",
      "/terms",
      "/nowhere",
    ]) {
      await page.goto(path);
      const footer = page.getByRole("contentinfo");
      await footer.getByText(RUN_BY).waitFor();
      expect(await footer.getByRole("link", { name: SUPPORT_EMAIL }).getAttribute("href"), path).toBe(
        `mailto:${SUPPORT_EMAIL}`,
      );
    }
    await page.goto("/");
    await page.getByRole("contentinfo").getByText(RUN_BY).waitFor();
    await expectAccessible(page);
    await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
    await screenshotBoth(page, "footer", [1280, 375]);
  });

  it("shows '404 Page Not Found' for any other path", async () => {
    await page.goto("/no/such/screen");
    await page.getByRole("heading", { level: 1, name: "404 Page Not Found" }).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "not-found");
    await page.getByRole("link", { name: "Back to the home page" }).click();
    await page.waitForURL(product.url.replace(/\/?$/, "/"));
  });
});
