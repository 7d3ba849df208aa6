import type { RunningProduct } from "@tubedigest/standalone";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  callFromPage,
  expectAccessible,
  linkInMailbox,
  openPageForEachTest,
  screenshotBoth,
  screenshotMail,
  toastIn,
  uniqueEmail,
} from "./support.ts";

const PASSWORD = "password123";

describe("settings, Account tab: password, e-mail address, pausing the digest, deleting the account", () => {
  let product: RunningProduct;
  let context: BrowserContext;
  let page: Page;
  openPageForEachTest((opened) => {
    ({ product, context, page } = opened);
  });

  const toast = (role: "status" | "alert", title: string) => toastIn(page, role, title);
  const call = (method: string, url: string, body?: unknown) => callFromPage(page, method, url, body);

  /** A signed-in account with a password, on its settings' Account tab. */
  async function accountTab(prefix: string): Promise<string> {
    await page.goto("/terms");
    const email = uniqueEmail(prefix);
    expect((await call("POST", "/api/auth/register", { email, password: PASSWORD })).status).toBe(201);
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByRole("heading", { level: 2, name: "Email address" }).waitFor();
    return email;
  }

  it("changes the password with the current one; another browser is signed out; the address is told", async () => {
    const email = await accountTab("password");
    const elsewhere = await context.browser()?.newContext({ baseURL: product.url });
    const other = await elsewhere?.newPage();
    if (!other) throw new Error("a second browser");
    await other.goto("/terms");
    expect((await callFromPage(other, "POST", "/api/auth/login", { email, password: PASSWORD })).status).toBe(
      200,
    );
    await expectAccessible(page);
    await screenshotBoth(page, "settings-account");

    const passwordSection = page.getByRole("region", { name: "Password" });
    const change = passwordSection.getByRole("button", { name: "Change Password" });
    await change.click();
    await page.getByText("Please enter your current password.").waitFor();
    await passwordSection.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password").fill("a-new-password");
    await change.click();
    await page.getByText("Your current password is not correct. Please try again.").waitFor();
    await expectAccessible(page);
    await passwordSection.getByLabel("Current password").fill(PASSWORD);
    await change.click();
    await page.getByText("Your password has been changed. You've been signed out everywhere else.").waitFor();
    await toast("status", "Password changed").waitFor();
    await screenshotBoth(page, "settings-password-changed");

    expect((await callFromPage(other, "GET", "/api/auth/current-user")).status).toBe(401);
    expect((await call("GET", "/api/auth/current-user")).body.email).toBe(email);
    expect((await call("POST", "/api/auth/login", { email, password: "a-new-password" })).status).toBe(200);
    await elsewhere?.close();
    await linkInMailbox(page, email, /password was changed/, /https?:\/\/\S+\/sign-in-link/);
    await screenshotMail(page, email, /password was changed/, "mail-password-changed");
  });

  it("sets a first password for an account made on the landing page", async () => {
    await page.goto("/terms");
    const email = uniqueEmail("first");
    expect((await call("POST", "/api/auth/register-with-email", { email, channels: [] })).status).toBe(201);
    expect((await call("POST", "/api/auth/login-with-email", { email })).status).toBe(200);
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByText("Your account has no password yet").waitFor();
    // Nothing to confirm a change of address with but the link itself.
    expect(await page.getByLabel("Current password").count()).toBe(0);
    await page.getByLabel("New password").fill("short");
    await page.getByRole("button", { name: "Set Password" }).click();
    await page.getByText("Password must be at least 8 characters").waitFor();
    await page.getByLabel("New password").fill("my-first-password");
    await page.getByRole("button", { name: "Set Password" }).click();
    await page.getByText("Your password is set. From now on you can sign in with it.").waitFor();
    await page.getByRole("button", { name: "Change Password" }).waitFor();
    expect((await call("POST", "/api/auth/login", { email, password: "my-first-password" })).status).toBe(
      200,
    );
  });

  it("moves to a new address through the link mailed there, on a click; the link works once; a taken address is answered alike", async () => {
    const email = await accountTab("mover");
    const taken = uniqueEmail("taken");
    expect(
      (await callFromPage(page, "POST", "/api/auth/register", { email: taken, password: PASSWORD })).status,
    ).toBe(201);
    // Registering signed this browser in as the other account: back to the first.
    expect((await call("POST", "/api/auth/login", { email, password: PASSWORD })).status).toBe(200);
    await page.reload();
    await page.getByRole("tab", { name: "Account" }).click();
    const send = page.getByRole("button", { name: "Send Confirmation Link" });
    await page.getByLabel("New email address").fill("not an address");
    await send.click();
    await page.getByText("Please enter a valid email address").waitFor();
    await page.getByLabel("New email address").fill(taken);
    await page.getByLabel("Current password").first().fill(PASSWORD);
    await send.click();
    // The answer a free address gets: whose address it is stays unsaid (its owner is told by e-mail).
    await page
      .getByText(`We've sent a confirmation link to ${taken}. Your address changes once you follow it.`)
      .waitFor();

    const moved = uniqueEmail("moved");
    await page.getByLabel("New email address").fill(moved);
    await page.getByLabel("Current password").first().fill(PASSWORD);
    await send.click();
    await page
      .getByText(`We've sent a confirmation link to ${moved}. Your address changes once you follow it.`)
      .waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "settings-email-sent");

    const link = await linkInMailbox(
      page,
      moved,
      /Confirm your new/,
      /https?:\/\/\S+\/confirm-email\?token=[^\s)>\]]+/,
    );
    await screenshotMail(page, moved, /Confirm your new/, "mail-email-change-confirmation");
    await linkInMailbox(page, email, /address may change/, /https?:\/\/\S+\/settings/);
    await screenshotMail(page, email, /address may change/, "mail-email-change-notice");

    // Opening the link moves nothing (a mail scanner may open it): the page asks first.
    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Confirm Your New Address" }).waitFor();
    expect(new URL(page.url()).search).toBe("");
    await expectAccessible(page);
    await screenshotBoth(page, "confirm-email-ask");
    await page.goto(link);
    await page.getByRole("button", { name: `Change my address to ${moved}` }).click();
    await page.getByRole("heading", { level: 1, name: "Email Address Changed" }).waitFor();
    await page.getByText(`Your email address is now ${moved}.`).waitFor();
    expect(new URL(page.url()).search).toBe("");
    // Reloading the page that just worked shows it done, not "already used".
    await page.reload();
    await page.getByText(`Your email address is now ${moved}.`).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "confirm-email");
    await page.getByRole("link", { name: "Go to Settings" }).click();
    await page.waitForURL("**/settings");
    await expect(page.getByRole("textbox", { name: "Email" }).inputValue()).resolves.toBe(moved);

    await page.goto(link);
    await page.getByRole("heading", { level: 1, name: "Confirmation Link Not Valid" }).waitFor();
    await page
      .getByText(
        "This confirmation link is invalid, expired or already used. Please ask for a new one in your settings.",
      )
      .waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "confirm-email-invalid");
    await context.clearCookies();
    await page.goto(link);
    await page.getByRole("link", { name: "Sign In" }).click();
    await page.waitForURL("**/login");
  });

  it("pauses the digest until a date, shows it after a reload, and resumes it", async () => {
    await accountTab("pause");
    await page.getByText("Your digest arrives every Monday at 09:00 in your time zone.").waitFor();
    await page.getByRole("radio", { name: "Until a date" }).check();
    const date = page.getByLabel("Start again on");
    await page.getByRole("button", { name: "Pause Deliveries" }).click();
    await page.getByText("Please choose the date your digests should start again.").waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "settings-pause");

    // A Wednesday three weeks ahead: the first digest after it is the Monday after.
    const until = new Date(Date.now() + 21 * 24 * 3_600_000);
    until.setUTCDate(until.getUTCDate() + ((3 - until.getUTCDay() + 7) % 7));
    const monday = new Date(until.getTime() + 5 * 24 * 3_600_000);
    const long = (at: Date) =>
      new Intl.DateTimeFormat("en-GB", {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      }).format(at);
    await date.fill(until.toISOString().slice(0, 10));
    await page.getByRole("button", { name: "Pause Deliveries" }).click();
    const paused = `Your weekly digest is paused until ${long(until)}. The next one arrives on ${long(monday)}.`;
    await toast("status", "Deliveries paused").waitFor();
    await page.getByText(paused).first().waitFor();
    expect((await call("GET", "/api/user/deliveries")).body).toEqual({
      paused: true,
      until: until.toISOString().slice(0, 10),
      resumesOn: monday.toISOString().slice(0, 10),
    });
    await page.reload();
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByText(paused).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "settings-paused");

    await page.getByRole("button", { name: "Resume Deliveries" }).click();
    await page.getByText("Deliveries resumed. Your next digest arrives on Monday at 09:00.").waitFor();
    await page.getByRole("button", { name: "Pause Deliveries" }).waitFor();
    expect((await call("GET", "/api/user/deliveries")).body.paused).toBe(false);

    // Until resumed, with no date.
    await page.getByRole("button", { name: "Pause Deliveries" }).click();
    await page.getByText("Your weekly digest is paused until you resume it.").first().waitFor();
    expect((await call("GET", "/api/user/deliveries")).body).toEqual({
      paused: true,
      until: null,
      resumesOn: null,
    });
  });

  it("deletes the account after its address is typed and its password given: signed out, back on the landing page, one last e-mail", async () => {
    const email = await accountTab("leaver");
    await page.getByRole("button", { name: "Delete Account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByText("This cannot be undone.").waitFor();
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    await dialog.getByText("Please type your email address exactly as shown to confirm.").waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "settings-delete-dialog");
    await dialog.getByRole("button", { name: "Keep Account" }).click();
    expect((await call("GET", "/api/auth/current-user")).status).toBe(200);

    await page.getByRole("button", { name: "Delete Account" }).click();
    await dialog.getByLabel(`Type ${email} to confirm`).fill(email.toUpperCase());
    await dialog.getByLabel("Current password").fill("not the password");
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    await dialog.getByText("Your current password is not correct. Please try again.").waitFor();
    await dialog.getByLabel("Current password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Delete My Account" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await toast("status", "Account deleted").waitFor();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    // Nobody is signed in: the header offers to log in.
    await page.getByRole("link", { name: "Log In" }).first().waitFor();
    await screenshotBoth(page, "account-deleted");
    expect((await call("GET", "/api/auth/current-user")).status).toBe(401);
    expect((await call("POST", "/api/auth/login", { email, password: PASSWORD })).status).toBe(401);
    await linkInMailbox(page, email, /account is deleted/, /https?:\/\/\S+\/privacy/);
    await screenshotMail(page, email, /account is deleted/, "mail-account-deleted");
  });
});
