import type { Page } from "playwright-core";
import { expect } from "vitest";

/** A phone's width, as the product is checked at (the narrowest screen it supports is 360 px). */
export const PHONE_WIDTH = 375;

/**
 * At `width` px (375 unless given), the page runs over no edge: nothing is wider than the screen, so
 * nothing scrolls sideways. Leaves the viewport at that width.
 */
export async function expectNoSidewaysScroll(page: Page, width: number = PHONE_WIDTH): Promise<void> {
  const height = page.viewportSize()?.height ?? 800;
  await page.setViewportSize({ width, height });
  // String expressions: this folder has no DOM typings.
  const sizes = await page.evaluate<{ scrollWidth: number; innerWidth: number }>(
    "({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth })",
  );
  expect(sizes.scrollWidth, `${page.url()} at ${width} px`).toBeLessThanOrEqual(sizes.innerWidth);
}

/** The page's header: the logo home, as every page of the site has it. */
export async function expectSiteHeader(page: Page): Promise<void> {
  await page.getByRole("banner").getByRole("link", { name: "tubedigest home" }).waitFor();
}
