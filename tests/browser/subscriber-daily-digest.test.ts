import { describe, expect, it } from "vitest";
import {
  callFromPage,
  expectAccessible,
  openPageForEachTest,
  screenshotBoth,
  startPlanInTestMode,
  toastIn,
  uniqueEmail,
} from "./support.ts";

// Two made-up channels of the demo catalog (services/catalog/src/demo/demo-catalog.json), whose uploads
// are dated relative to the product's start, some due in the days after it.
const TWO_CHANNELS = ["UCUgQ2RdSQEDg0c-29ODtQEX", "UCLI8KULVH5012RJR-9LPpL7"];
const GENERATE_WAIT_MS = 45_000;

/**
 * A daily digest, on a product of its own: its last test moves the product's development clock forward,
 * which would move it for every file sharing a product.
 */
describe("a daily digest: chosen in settings on Premium and Pro, one a day", () => {
  let page: import("playwright-core").Page;
  openPageForEachTest(
    (opened) => {
      ({ page } = opened);
    },
    undefined,
    { ownProduct: true },
  );

  const call = (method: string, url: string, body?: unknown) => callFromPage(page, method, url, body);

  it("chooses a daily digest on Premium in settings, one for the day however often it is asked for", async () => {
    await page.goto("/terms");
    const email = uniqueEmail("daily");
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    await startPlanInTestMode(call, "premium");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByLabel("How often").selectOption({ label: "Daily" });
    // Every day at the hour: there is no day to choose.
    await expect.poll(() => page.getByLabel("Day", { exact: true }).count()).toBe(0);
    await page.getByLabel("Time", { exact: true }).selectOption({ label: "07:00" });
    await page.getByRole("button", { name: "Save Delivery Time" }).click();
    await toastIn(page, "status", "Delivery time saved").waitFor();
    await page.getByText("Your digest now comes every day at 07:00.").waitFor();
    await page.getByText("Your digest arrives every day at 07:00 in your time zone.").waitFor();
    await page.getByRole("heading", { name: "Daily digest" }).waitFor();
    expect((await call("GET", "/api/user/delivery-time")).body).toMatchObject({ cadence: "daily", hour: 7 });
    await expectAccessible(page);
    await screenshotBoth(page, "settings-daily-digest", [375, 1280]);

    // Today's digest asked for twice, as by two schedulers at once: one row for the day.
    for (const channel of TWO_CHANNELS)
      await call("POST", "/api/user/channels", { youtubeChannelId: channel });
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "UTC" }).format(new Date());
    await Promise.all([call("POST", "/dev/deliver-digest"), call("POST", "/dev/deliver-digest")]);
    const status = (await call("GET", "/dev/digest-status")).body as {
      weeks: { weekKey: string; users: number }[];
    };
    const todays = status.weeks.filter((week) => week.weekKey === today);
    expect(todays.reduce((sum, week) => sum + week.users, 0)).toBe(1);
  });

  it("offers a Solo reader the plans that include a daily digest, and the server refuses it in words that say where to go", async () => {
    await page.goto("/terms");
    expect(
      (
        await call("POST", "/api/auth/register", {
          email: uniqueEmail("solo-daily"),
          password: "password123",
        })
      ).status,
    ).toBe(201);
    await startPlanInTestMode(call, "solo");
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByText("A daily digest comes with Premium and Pro.").waitFor();
    expect(await page.getByRole("option", { name: "Daily (Premium and Pro)" }).isDisabled()).toBe(true);
    // Asked for all the same, the server refuses it, saying where to change the plan.
    const refused = await call("PUT", "/api/user/delivery-time", { weekday: 1, hour: 9, cadence: "daily" });
    expect(refused).toMatchObject({
      status: 403,
      body: {
        message:
          "A daily digest comes with Premium and Pro. Change your plan under Subscription to get one every day.",
      },
    });
    expect((await call("GET", "/api/user/delivery-time")).body).toMatchObject({ cadence: "weekly" });
    await screenshotBoth(page, "settings-daily-digest-solo", [375, 1280]);
  });

  it("sends a daily reader one digest a day for three days on the development clock, each day asked for twice", async () => {
    await page.goto("/terms");
    const email = uniqueEmail("three-days");
    expect((await call("POST", "/api/auth/register", { email, password: "password123" })).status).toBe(201);
    await startPlanInTestMode(call, "premium");
    for (const youtubeChannelId of TWO_CHANNELS) {
      expect((await call("POST", "/api/user/channels", { youtubeChannelId })).status).toBe(201);
    }
    expect(
      (await call("PUT", "/api/user/delivery-time", { weekday: 1, hour: 9, cadence: "daily" })).status,
    ).toBe(200);
    const DAILY_SUBJECT = /^Your (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \d{1,2} \w+: /;
    const dailies = async () =>
      ((await call("GET", "/api/newsletters")).body as { id: string; subject: string }[]).filter(
        (newsletter) => DAILY_SUBJECT.test(newsletter.subject),
      );

    const days: string[] = [];
    for (let day = 1; day <= 3; day++) {
      const moved = await call("POST", "/dev/clock", { hours: 24 });
      expect(moved.status).toBe(200);
      days.push(
        new Date(moved.body.now).toLocaleDateString("en-GB", {
          timeZone: "UTC",
          day: "numeric",
          month: "long",
        }),
      );
      // The day's digest asked for twice at once, as by two schedulers: one newsletter for the day.
      await Promise.all([call("POST", "/dev/deliver-digest"), call("POST", "/dev/deliver-digest")]);
      await expect.poll(async () => (await dailies()).length, { timeout: GENERATE_WAIT_MS }).toBe(day);
    }
    await call("POST", "/dev/deliver-digest");
    const made = await dailies();
    expect(made).toHaveLength(3);
    // Newest first: each day's own, each with the uploads of its day.
    expect(made.map((newsletter) => newsletter.subject.match(/, (\d{1,2} \w+):/)?.[1])).toEqual(
      days.reverse(),
    );

    // One e-mail a day in the mailbox, however often each day was asked for.
    const dailyMails = async () => {
      const list: string = (await call("GET", "/dev/mailbox")).body;
      return list
        .split("<tr>")
        .filter((cells) => cells.includes(email))
        .map((cells) => cells.match(/<a href="\/dev\/mailbox\/([^"]+)">([^<]*)<\/a>/))
        .filter((found) => DAILY_SUBJECT.test(found?.[2] ?? ""))
        .map((found) => found?.[1] ?? "");
    };
    await expect.poll(async () => (await dailyMails()).length, { timeout: 20_000 }).toBe(3);

    // The e-mail as sent, alone at a phone's width and at 1280 px, to be looked at.
    const [mailId] = await dailyMails();
    await page.goto(`/dev/mailbox/${mailId}`);
    const mailHtml = (await page.locator("iframe").getAttribute("srcdoc")) ?? "";
    expect(mailHtml).toContain(">Your day</h1>");
    await page.setContent(mailHtml);
    await screenshotBoth(page, "digest-mail-daily", [375, 1280]);

    await page.goto(`/newsletters/${made[0]?.id}`);
    await page.getByRole("heading", { name: "Your day", exact: true }).waitFor();
    await expectAccessible(page);
    await screenshotBoth(page, "newsletter-daily-digest", [375, 1280]);
  });
});
