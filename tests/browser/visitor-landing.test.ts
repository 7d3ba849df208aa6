import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectAccessible, openPageForEachTest, screenshotBoth, uniqueEmail } from "./support.ts";

describe("landing page: search, one channel, e-mail, preview", () => {
  let page: Page;
  openPageForEachTest((opened) => {
    ({ page } = opened);
  });

  const searchBox = () => page.getByRole("searchbox", { name: "Search for YouTube channels" });
  const results = () => page.getByRole("list", { name: "Search results" }).getByRole("button");
  const toast = (role: "status" | "alert", title: string) => page.getByRole(role).filter({ hasText: title });

  it("arrives compressed: its entry script and stylesheet in brotli", async () => {
    const encodings = new Map<string, string | undefined>();
    page.on("response", (response) => {
      const { pathname } = new URL(response.url());
      if (/^\/assets\/.+\.(?:js|css)$/.test(pathname)) {
        encodings.set(pathname, response.headers()["content-encoding"]);
      }
    });
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const entry = await page.locator('script[type="module"]').getAttribute("src");
    const stylesheet = await page.locator('link[rel="stylesheet"]').first().getAttribute("href");
    expect(entry).toMatch(/^\/assets\/.+\.js$/);
    expect(stylesheet).toMatch(/^\/assets\/.+\.css$/);
    expect(encodings.get(entry as string)).toBe("br");
    expect(encodings.get(stylesheet as string)).toBe("br");
  });

  it("shows the sample e-mail folded below its first video's first key point; a contents link unfolds it at that channel", {
    timeout: 90_000,
  }, async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/");
    await page
      .getByRole("region", { name: "What arrives each week, on the day you choose" })
      .evaluate((section) => section.scrollIntoView({ block: "start" }));
    const sample = page.locator(".landing-sample");
    const unfold = sample.getByRole("button", { name: /Read the whole e-mail|Show less/ });
    const firstPoint = sample.locator(".digest-points li").first();
    await firstPoint.waitFor();
    // Folded, the first key point is in the fold, not cut off by it.
    const fold = await page.evaluate<number>(
      'document.querySelector(".landing-sample-mail").getBoundingClientRect().bottom',
    );
    expect((await firstPoint.boundingBox())?.y).toBeLessThan(fold - 128);
    expect(await unfold.textContent()).toBe("Read the whole e-mail");
    expect(await unfold.getAttribute("aria-expanded")).toBe("false");

    // The table of contents leads to a channel below the fold: the e-mail unfolds, and shows it.
    const contents = sample.getByRole("navigation", { name: "In this newsletter" }).getByRole("link");
    const last = contents.last();
    const title = await last.textContent();
    await last.click();
    const heading = sample.getByRole("heading", { name: title ?? "", exact: true });
    await expect.poll(async () => (await heading.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect((await heading.boundingBox())?.y).toBeLessThan(800);
    expect(await sample.getByRole("button", { name: "Show less" }).getAttribute("aria-expanded")).toBe(
      "true",
    );
  });

  it("searches, replaces the one selected channel, checks the e-mail and goes to /preview", async () => {
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Search", exact: true }).isDisabled()).toBe(true);
    // A visitor is told the digest comes weekly, on the day and hour they choose, Monday 9:00 unless they do.
    await page
      .locator(".hero-lead")
      .getByText(/Once a week, on the day and hour you choose \(Monday 9:00 by default\), a short e-mail/)
      .waitFor();
    const how = page.getByRole("region", { name: "How it works" });
    await how.getByText("Weekly, on your day and hour").waitFor();
    await how
      .getByText(/Search your newsletters .+ private feed, or share a summary with a link\./)
      .waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "landing", [1280, 375]);

    // One character: no search, and the minimum is said.
    await searchBox().fill("d");
    await page.getByText("Type at least 2 characters to search.").waitFor();
    expect(await page.getByRole("button", { name: "Search", exact: true }).isDisabled()).toBe(false);

    await searchBox().fill("demo");
    await results().first().waitFor();
    expect(await results().count()).toBeLessThanOrEqual(6);
    expect(await results().count()).toBeGreaterThan(1);
    expect(await page.getByRole("textbox", { name: "Your email address" }).count()).toBe(0);

    const first = results().nth(0);
    const second = results().nth(1);
    await first.click();
    expect(await first.getAttribute("aria-pressed")).toBe("true");
    await second.click();
    await toast("status", "Channel replaced").waitFor();
    expect(await first.getAttribute("aria-pressed")).toBe("false");
    expect(await second.getAttribute("aria-pressed")).toBe("true");

    // Selecting it again deselects it, and the e-mail field goes with it.
    await second.click();
    expect(await second.getAttribute("aria-pressed")).toBe("false");
    expect(await page.getByRole("textbox", { name: "Your email address" }).count()).toBe(0);
    await second.click();

    // Each problem with the address is said once, under its field, and tied to it for screen readers.
    const email = page.getByRole("textbox", { name: "Your email address" });
    const preview = page.getByRole("button", { name: "Preview Your Newsletter" });
    const fieldError = page.locator("#start-preview-email-error");
    await preview.click();
    await fieldError.getByText("Please enter your email address to continue.").waitFor();
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await email.getAttribute("aria-describedby")).toContain("start-preview-email-error");

    await email.fill("not an email@example");
    await preview.click();
    await fieldError.getByText("Please enter a valid email address.").waitFor();
    expect(
      await page
        .getByRole("alert")
        .filter({ hasText: /Email required|Invalid email/ })
        .count(),
    ).toBe(0);
    await expectAccessible(page);
    await screenshotBoth(page, "landing-selected");

    const address = uniqueEmail("landing");
    await email.fill(address);
    await preview.click();
    await page.waitForURL("**/preview");
    // String expressions run in the page, so this file needs no DOM typings.
    const kept = await page.evaluate<{ channels: number; email: string | null }>(`({
      channels: JSON.parse(sessionStorage.getItem("selectedChannels") ?? "[]").length,
      email: sessionStorage.getItem("userEmail"),
    })`);
    expect(kept).toEqual({ channels: 1, email: address });
  });

  it("searches 500 ms after typing stops, once, and at once on Enter", async () => {
    await page.goto("/");
    const searches: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.pathname === "/api/youtube/search") searches.push(url.searchParams.get("query") ?? "");
    });
    // Timed in the page, on its own clock: a test-side clock also counts the round trips to the browser,
    // which a busy machine stretches by more than the margin being checked. The same round trips can
    // space two keys further apart than the debounce, and then a search of what was typed so far is
    // right: the checks allow exactly those.
    await page.evaluate(
      `window.keyTimes = []; addEventListener("keydown", (event) => { window.keyTimes.push(event.timeStamp); }, true)`,
    );
    /** Each search's start in the page, and how long after the last key before it. */
    const searchesTimed = () =>
      page.evaluate<{ query: string; afterKey: number }[]>(`performance.getEntriesByType("resource")
        .filter((entry) => entry.name.includes("/api/youtube/search?query="))
        .map((entry) => ({
          query: new URL(entry.name).searchParams.get("query"),
          afterKey: entry.startTime - Math.max(...window.keyTimes.filter((at) => at <= entry.startTime)),
        }))`);

    await searchBox().pressSequentially("pocket", { delay: 60 });
    // A pause between keys lets a search of what was typed so far ("poc") answer first, its results
    // showing before the whole word's search has gone: the whole word's is waited for, not the first.
    await expect.poll(async () => (await searchesTimed()).at(-1)?.query).toBe("pocket");
    await results().first().waitFor();
    const keyTimes = await page.evaluate<number[]>("window.keyTimes");
    const pauses = keyTimes.slice(1).filter((at, i) => at - (keyTimes[i] ?? at) >= 480).length;
    const typed = await searchesTimed();
    expect(searches.at(-1)).toBe("pocket");
    // Once when the keys came without a pause; never before the debounce had run out.
    expect(typed.length).toBeLessThanOrEqual(1 + pauses);
    for (const search of typed) expect(search.afterKey).toBeGreaterThanOrEqual(495);

    await searchBox().fill("kitchen");
    await searchBox().press("Enter");
    await page.getByRole("button", { name: /Copper Pan Kitchen/ }).waitFor();
    expect(searches).toContain("kitchen");
    const afterEnter =
      (await searchesTimed()).filter((search) => search.query === "kitchen").at(-1)?.afterKey ?? Number.NaN;
    expect(afterEnter).toBeGreaterThanOrEqual(0);
    expect(afterEnter).toBeLessThan(300);
  });

  it("is usable by keyboard alone: search, then select and deselect a result", async () => {
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    // The header shows its actions once it knows nobody is signed in: until then the order has two stops less.
    await page.getByRole("banner").getByRole("link", { name: "Get started" }).waitFor();
    // From the top of the page: skip link, logo, Log In, Get started, then the search box.
    for (let step = 0; step < 5; step += 1) await page.keyboard.press("Tab");
    expect(await page.evaluate<string | undefined>("document.activeElement?.getAttribute('type')")).toBe(
      "search",
    );
    await page.keyboard.type("orbit");
    await page.keyboard.press("Enter");
    await results().first().waitFor();

    await page.keyboard.press("Tab"); // the Search button
    await page.keyboard.press("Tab"); // the first result
    const focused = page.locator(":focus");
    expect(await focused.getAttribute("aria-pressed")).toBe("false");
    const ring = await page.evaluate<string>("getComputedStyle(document.activeElement).boxShadow");
    expect(ring).not.toBe("none");
    await page.keyboard.press("Space");
    expect(await focused.getAttribute("aria-pressed")).toBe("true");
    await page.keyboard.press("Enter");
    expect(await focused.getAttribute("aria-pressed")).toBe("false");
  });

  it("says when nothing matches, and what to try", async () => {
    await page.goto("/");
    await searchBox().fill("zzqqxxjj");
    await searchBox().press("Enter");
    await page.getByText("No channels found for “zzqqxxjj”.").waitFor();
    // …and what to try instead.
    await page.getByText(/paste the channel's @handle or its youtube\.com address/).waitFor();
  });
});
