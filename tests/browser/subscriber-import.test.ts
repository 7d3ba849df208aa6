import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { expectNoSidewaysScroll, PHONE_WIDTH } from "./phone-width.ts";
import {
  callFromPage,
  expectAccessible,
  type Json,
  openPageForEachTest,
  screenshotBoth,
  startPlanInTestMode,
  toastIn,
  uniqueEmail,
} from "./support.ts";

// 30 channels of the demo catalog (services/catalog/src/demo/demo-catalog.json), as Google Takeout and an
// OPML export write them.
const TAKEOUT_CSV = fileURLToPath(new URL("./fixtures/subscriptions.csv", import.meta.url));
const OPML = fileURLToPath(new URL("./fixtures/subscriptions.opml", import.meta.url));
const PICKED = [
  "Copper Pan Kitchen",
  "Grain and Gauge Woodshop",
  "Six String Saturday",
  "Quiet Gambit Chess",
  "Muddy Boots Garden",
];

describe("/dashboard: importing subscriptions from a file", () => {
  let page: Page;
  openPageForEachTest((opened) => {
    ({ page } = opened);
  });

  const call = (method: string, url: string, body?: unknown) => callFromPage(page, method, url, body);
  const importSection = () => page.getByRole("region", { name: "Import your subscriptions" });
  const fileList = () => importSection().getByRole("list", { name: "Channels in your file" });
  const followedTitles = async () =>
    ((await call("GET", "/api/user/channels")).body as Json[]).map((channel) => channel.title).sort();

  /** A new account on the Premium plan (5 channels), on its dashboard. */
  const signUpOnPremium = async (prefix: string) => {
    await page.goto("/terms");
    const email = uniqueEmail(prefix);
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    await startPlanInTestMode(call, "premium");
    await expect
      .poll(async () => (await call("GET", "/api/auth/current-user")).body.subscriptionPlan, {
        timeout: 10_000,
      })
      .toBe("premium");
    await page.goto("/dashboard");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
  };

  const chooseFile = (file: string | { name: string; mimeType: string; buffer: Buffer }) =>
    importSection().locator('input[type="file"]').setInputFiles(file);

  const importFivePicked = async (file: string, screenshots?: string) => {
    await chooseFile(file);
    await fileList().waitFor();
    expect(await fileList().getByRole("checkbox").count()).toBe(30);
    await importSection().getByText("30 channels found.", { exact: false }).waitFor();
    const follow = importSection().getByRole("button", { name: /Follow|Pick channels/ });
    expect(await follow.isDisabled()).toBe(true);

    for (const title of [...PICKED, "Pocket Orbit"]) {
      await fileList().getByRole("checkbox", { name: title }).check();
    }
    // One more than the plan allows: the upgrade is offered and following waits.
    const offer = importSection().getByRole("link", { name: "Upgrade to Pro" });
    await offer.waitFor();
    expect(await offer.getAttribute("href")).toBe("/settings?tab=subscription");
    await importSection().getByText("6 picked · your plan has room for 5 more").waitFor();
    expect(await importSection().getByRole("button", { name: "Follow 6 channels" }).isDisabled()).toBe(true);
    if (screenshots) {
      await expectAccessible(page);
      await expectNoSidewaysScroll(page, PHONE_WIDTH);
      await screenshotBoth(page, `${screenshots}-over-allowance`, [1280, PHONE_WIDTH]);
    }

    await fileList().getByRole("checkbox", { name: "Pocket Orbit" }).uncheck();
    expect(await offer.count()).toBe(0);
    await importSection().getByRole("button", { name: "Follow 5 channels" }).click();
    await toastIn(page, "status", "5 channels added").waitFor();
    await page.getByRole("tab", { name: "My YouTube Channels 5 of 5 channels" }).waitFor();
    for (const title of PICKED) {
      await page.getByRole("region", { name: "Your channels" }).getByText(title, { exact: true }).waitFor();
    }
    expect(await followedTitles()).toEqual([...PICKED].sort());
  };

  it("imports a Google Takeout subscriptions.csv of 30 channels on Premium as the 5 picked", async () => {
    await signUpOnPremium("import-csv");
    await importFivePicked(TAKEOUT_CSV, "dashboard-import");
    await screenshotBoth(page, "dashboard-import-done", [1280, PHONE_WIDTH]);
  });

  it("imports an OPML file of the same channels the same way, and marks those followed already", async () => {
    await signUpOnPremium("import-opml");
    await importFivePicked(OPML);
    await chooseFile(OPML);
    await fileList().waitFor();
    const already = fileList().getByRole("checkbox", { name: /Copper Pan Kitchen/ });
    expect(await already.isChecked()).toBe(true);
    expect(await already.isDisabled()).toBe(true);
  });

  it("refuses a file that is not CSV or OPML, or names no channel, saying what to choose; nothing is followed", async () => {
    await signUpOnPremium("import-bad");
    await chooseFile({
      name: "photo.png",
      mimeType: "image/png",
      buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0xfe, 0x00]),
    });
    const alert = importSection().getByRole("alert");
    await alert
      .getByText(/^photo\.png: This is not a CSV or OPML file\. Choose the subscriptions\.csv/)
      .waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "dashboard-import-refused", [1280, PHONE_WIDTH]);

    await chooseFile({
      name: "contacts.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("name,email\nAda,ada@example.com\n"),
    });
    await alert.getByText(/We found no YouTube channel ids in this file/).waitFor();
    // Only just past the limit is sent of a larger file, and the server says what it is.
    await chooseFile({ name: "huge.csv", mimeType: "text/csv", buffer: Buffer.alloc(3 * 1024 * 1024, "a") });
    await alert.getByText(/^huge\.csv: This file is larger than 1 MB\./).waitFor();
    expect(await fileList().count()).toBe(0);
    expect(await followedTitles()).toEqual([]);
    await page.getByRole("tab", { name: "My YouTube Channels 0 of 5 channels" }).waitFor();
  });
});
