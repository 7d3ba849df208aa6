import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPageForEachTest, screenshotBoth } from "./support.ts";

describe("the API docs page of the product as `make start` runs it (development)", () => {
  let page: Page;
  openPageForEachTest((opened) => {
    page = opened.page;
  });

  it("shows the public API from /api/openapi.json, with no script or style the page's policy blocks", async () => {
    const described = page.waitForResponse((response) => response.url().endsWith("/api/openapi.json"));
    await page.goto("/dev/api-docs");
    expect((await described).status()).toBe(200);
    await expect.poll(() => page.getByText("tubedigest API").first().isVisible()).toBe(true);
    // One operation of each owner, as the document lists them.
    for (const path of [
      "/api/auth/login",
      "/api/user/channels",
      "/api/plans",
      "/api/newsletters",
      "/api/unsubscribe",
    ]) {
      await expect
        .poll(() => page.getByText(path, { exact: true }).first().isVisible(), { message: path })
        .toBe(true);
    }
    // Opening an operation shows its parameters from the route's own schema.
    await page.getByText("/api/youtube/search", { exact: true }).first().click();
    await expect.poll(() => page.getByText("Parameters").first().isVisible()).toBe(true);
    await screenshotBoth(page, "api-docs");
  });
});
