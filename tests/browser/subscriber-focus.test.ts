import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  callFromPage,
  expectAccessible,
  type Json,
  openPageForEachTest,
  screenshotBoth,
  toastIn,
  uniqueEmail,
} from "./support.ts";

// Two made-up channels of the demo catalog (services/catalog/src/demo/demo-catalog.json), uploads dated
// relative to now. Dusty Ledger History's newest video is on medieval trade routes (18 hours ago); the
// one on lost cities is older (44 hours ago), so newest first puts it below.
const POCKET_ORBIT = "UCUgQ2RdSQEDg0c-29ODtQEX";
const DUSTY_LEDGER = "UCLI8KULVH5012RJR-9LPpL7";
const FOCUS = "lost cities, not medieval trade";
const LOST_CITIES = "Five mistakes people make with lost cities";

describe("What I care about: a reader's focus in settings, ordering their digest", () => {
  let page: Page;
  openPageForEachTest((opened) => {
    ({ page } = opened);
  });

  const call = (method: string, url: string, body?: unknown) => callFromPage(page, method, url, body);
  const toast = (role: "status" | "alert", title: string) => toastIn(page, role, title);

  /** A new account with a password, signed in, following both channels; then the settings' Account tab. */
  const readerInSettings = async (prefix: string) => {
    await page.goto("/terms");
    const email = uniqueEmail(prefix);
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    for (const youtubeChannelId of [POCKET_ORBIT, DUSTY_LEDGER]) {
      expect((await call("POST", "/api/user/channels", { youtubeChannelId })).status).toBe(201);
    }
    await page.goto("/settings?tab=account");
    await page.getByRole("heading", { level: 2, name: "What I care about" }).waitFor();
    return email;
  };
  const focusBox = () => page.getByRole("textbox", { name: "Your focus" });
  const count = () => page.locator("#settings-focus-count");

  it("saves a focus from settings; the newsletter made next is ordered for it and says so", {
    timeout: 120_000,
  }, async () => {
    const email = await readerInSettings("focus");
    expect(await count().textContent()).toBe("0/280 characters");
    await focusBox().fill(`  ${FOCUS}\n`);
    expect(await count().textContent()).toBe(`${FOCUS.length}/280 characters`);
    await page.getByRole("button", { name: "Save Focus" }).click();
    await toast("status", "Focus saved").waitFor();
    expect(await focusBox().inputValue()).toBe(FOCUS);
    await page.getByRole("heading", { level: 2, name: "What I care about" }).scrollIntoViewIfNeeded();
    await expectAccessible(page);
    await screenshotBoth(page, "settings-focus", [375, 1280]);
    // Kept: the page opened again shows it.
    await page.reload();
    await focusBox().waitFor();
    expect(await focusBox().inputValue()).toBe(FOCUS);

    await page.goto("/dashboard");
    await page.getByRole("tab", { name: "Newsletter History" }).click();
    await page.getByRole("button", { name: "Generate Newsletter" }).click();
    await toast("status", "Newsletter generated").waitFor({ timeout: 60_000 });
    const [made]: Json[] = (await call("GET", "/api/newsletters")).body;
    await page.goto(`/newsletters/${made.id}`);

    await page.getByText(`Ordered for: ${FOCUS}`).waitFor();
    const channels = page.locator(".digest-channel-heading");
    expect(await channels.first().textContent()).toBe("Dusty Ledger History");
    const dusty = page.locator(".digest-channel").filter({ has: page.getByText("Dusty Ledger History") });
    const titles = await dusty.locator(".digest-video-heading").allTextContents();
    // The lost cities first though older; the medieval trade routes, which the focus asks to skip, last.
    expect(titles[0]).toBe(LOST_CITIES);
    expect(titles.at(-1)).toMatch(/medieval trade routes/i);
    const dates = await Promise.all(
      (await dusty.locator(".digest-date time").all()).map((time) => time.getAttribute("datetime")),
    );
    expect(Date.parse(dates[0] ?? "")).toBeLessThan(Date.parse(dates[1] ?? ""));
    await expectAccessible(page);
    await screenshotBoth(page, "newsletter-ordered-for-focus", [375, 1280]);

    // The e-mail says it too.
    let id: string | undefined;
    for (let waited = 0; !id && waited < 20_000; waited += 250) {
      const list: string = (await call("GET", "/dev/mailbox")).body;
      id = list
        .split("<tr>")
        .find((cells) => cells.includes(email) && /Your week of/.test(cells))
        ?.match(/href="\/dev\/mailbox\/([^"]+)"/)?.[1];
      if (!id) await page.waitForTimeout(250);
    }
    expect((await call("GET", `/dev/mailbox/${id}`)).body).toContain(`Ordered for: ${FOCUS}`);
    // The e-mail as sent, alone at a phone's width and at 1280 px, to be looked at.
    await page.goto(`/dev/mailbox/${id}`);
    await page.setContent((await page.locator("iframe").getAttribute("srcdoc")) ?? "");
    await screenshotBoth(page, "digest-mail-ordered-for-focus", [375, 1280]);
  });

  it("counts past 280, shows the server's refusal, and clears the focus", async () => {
    await readerInSettings("focus-limits");
    await focusBox().fill("rockets ".repeat(40));
    expect(await count().textContent()).toBe("319/280 characters");
    expect(await count().getAttribute("class")).toContain("focus-count-over");
    await page.getByRole("button", { name: "Save Focus" }).click();
    const refusal = "Please keep what you care about to 280 characters or fewer.";
    await toast("alert", "Error saving what you care about").waitFor();
    await page.locator("#settings-focus-error").getByText(refusal).waitFor();
    expect(await focusBox().getAttribute("aria-invalid")).toBe("true");
    await screenshotBoth(page, "settings-focus-too-long", [375, 1280]);
    expect((await call("GET", "/api/user/focus")).body).toEqual({ focus: null });

    await focusBox().fill("rockets");
    await page.getByRole("button", { name: "Save Focus" }).click();
    await toast("status", "Focus saved").waitFor();
    await page.getByRole("button", { name: "Clear" }).click();
    await toast("status", "Focus cleared").waitFor();
    expect(await focusBox().inputValue()).toBe("");
    expect((await call("GET", "/api/user/focus")).body).toEqual({ focus: null });
    await expect(page.getByRole("button", { name: "Clear" }).isDisabled()).resolves.toBe(true);
  });
});
