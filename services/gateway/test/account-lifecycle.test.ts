import { scheduleEventId } from "@tubedigest/contracts/schedule-event-id";
import { eventually } from "@tubedigest/testing/eventually";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { beforeAll, describe, expect, it } from "vitest";
import { channelId } from "./support/channel-fixtures.ts";
import { mailboxLinksTo, newestMailText } from "./support/mailbox.ts";
import { nextMondayNine } from "./support/monday-slot.ts";
import { accountIdOf, tablesMentioningIn } from "./support/schema-traces.ts";
import { Browser, type Infra, sharedTestStack, type TestStack } from "./test-stack.ts";

const password = "correct horse battery";
/** A channel of the demo catalog, which the embedded parts answer with. */
const POCKET_ORBIT = "UCUgQ2RdSQEDg0c-29ODtQEX";

describe.each<Infra>(["real", "embedded"])(
  "an account's lifecycle through the gateway (%s parts)",
  (infra) => {
    // Both parts for what other services learn from the bus (an address moved, an account deleted);
    // the rest is auth's and the summariser's own storage, alike on both, and the session stores'
    // ending of other sessions is compared in session-control.test.ts.
    const realPartsOnly = it.runIf(infra === "real");
    let stack: TestStack;
    let channel = POCKET_ORBIT;
    beforeAll(async () => {
      stack = await sharedTestStack(infra);
      if (stack.youtube) {
        channel = channelId();
        stack.youtube.addChannel({
          id: channel,
          title: "Lifecycle Channel",
          description: "A channel for tests.",
          thumbnailUrl: "https://example.invalid/lifecycle.jpg",
          subscriberCount: 1_000,
        });
        for (const n of [1, 2]) {
          stack.youtube.addVideo({
            id: `${channel.slice(2, 10)}lv${n}`,
            channelId: channel,
            title: `Episode ${n}`,
            description: `What episode ${n} is about, told in a few plain sentences for the summary.`,
            publishedAt: new Date(Date.now() - n * 10_000).toISOString(),
            duration: "PT12M30S",
          });
        }
      }
    });

    const freshEmail = (prefix: string) => `${uniqueName(prefix)}@example.com`;
    async function signUp(prefix = "life"): Promise<{ email: string; browser: Browser }> {
      const email = freshEmail(prefix);
      const browser = new Browser(stack.gateway);
      expect((await browser.call("POST", "/api/auth/register", { email, password })).statusCode).toBe(201);
      return { email, browser };
    }
    async function signIn(email: string, secret: string): Promise<{ browser: Browser; status: number }> {
      const browser = new Browser(stack.gateway);
      const reply = await browser.call("POST", "/api/auth/login", { email, password: secret });
      return { browser, status: reply.statusCode };
    }
    const signedInAs = async (browser: Browser) => {
      const reply = await browser.call("GET", "/api/auth/current-user");
      return reply.statusCode === 200 ? (reply.json().email as string) : reply.statusCode;
    };

    realPartsOnly(
      "changes the password only with the current one, signs every other browser out and tells the address",
      async () => {
        const { email, browser } = await signUp();
        const elsewhere = (await signIn(email, password)).browser;

        const missing = await browser.call("POST", "/api/user/password", {
          newPassword: "a brand new secret",
        });
        expect(missing.statusCode).toBe(400);
        expect(missing.json()).toEqual({ message: "Please enter your current password." });
        const wrong = await browser.call("POST", "/api/user/password", {
          currentPassword: "not the password",
          newPassword: "a brand new secret",
        });
        expect(wrong.json()).toEqual({ message: "Your current password is not correct. Please try again." });
        const short = await browser.call("POST", "/api/user/password", {
          currentPassword: password,
          newPassword: "short",
        });
        expect(short.json()).toEqual({ message: "Password must be at least 8 characters" });
        expect(await signedInAs(elsewhere)).toBe(email);

        const changed = await browser.call("POST", "/api/user/password", {
          currentPassword: password,
          newPassword: "a brand new secret",
        });
        expect(changed.statusCode).toBe(200);
        expect(changed.json().message).toBe(
          "Your password has been changed. You've been signed out everywhere else.",
        );
        expect(changed.headers["x-tubedigest-end-other-sessions"]).toBeUndefined();
        expect(await signedInAs(browser)).toBe(email);
        expect(await signedInAs(elsewhere)).toBe(401);
        expect((await signIn(email, password)).status).toBe(401);
        expect((await signIn(email, "a brand new secret")).status).toBe(200);
        expect(await newestMailText(stack, email, "Your tubedigest password was changed")).toContain(
          "Every other browser signed in to your account was signed out.",
        );
      },
    );

    realPartsOnly("lets a password-less account set its first password without asking for one", async () => {
      const email = freshEmail("landing");
      const browser = new Browser(stack.gateway);
      expect(
        (await browser.call("POST", "/api/auth/register-with-email", { email, channels: [] })).statusCode,
      ).toBe(201);
      expect((await browser.call("POST", "/api/auth/login-with-email", { email })).statusCode).toBe(200);
      expect((await browser.call("GET", "/api/user/password")).json()).toEqual({ hasPassword: false });
      const set = await browser.call("POST", "/api/user/password", { newPassword: "my first password" });
      expect(set.statusCode).toBe(200);
      expect(set.json().message).toBe("Your password is set. From now on you can sign in with it.");
      expect((await browser.call("GET", "/api/user/password")).json()).toEqual({ hasPassword: true });
      expect((await signIn(email, "my first password")).status).toBe(200);
      await newestMailText(stack, email, "You set a password for tubedigest");
    });

    it("moves the account to a new address only through the link mailed there, and refuses a taken one", async () => {
      const { email, browser } = await signUp("mover");
      const taken = (await signUp("taken")).email;
      // Answered as a free address is, so the answer tells nobody that the address has an account.
      const refused = await browser.call("POST", "/api/user/email", {
        email: taken.toUpperCase(),
        currentPassword: password,
      });
      expect(refused.statusCode).toBe(202);
      expect(refused.json()).toEqual({
        message: `We've sent a confirmation link to ${taken.toUpperCase()}. Your address changes once you follow it.`,
      });
      // Its owner is told instead, with nothing that moves an account.
      const told = await newestMailText(stack, taken, "This address already has a tubedigest account");
      expect(told).not.toMatch(/confirm-email\?token=/);
      expect(await mailboxLinksTo(stack, taken, "Confirm your new tubedigest address")).toEqual([]);
      expect(
        (await browser.call("POST", "/api/user/email", { email, currentPassword: password })).json(),
      ).toEqual({
        message: "That is already your email address.",
      });
      expect(
        (
          await browser.call("POST", "/api/user/email", {
            email: freshEmail("x"),
            currentPassword: "wrong one",
          })
        ).statusCode,
      ).toBe(400);

      const newEmail = freshEmail("moved");
      const asked = await browser.call("POST", "/api/user/email", {
        email: ` ${newEmail} `,
        currentPassword: password,
      });
      expect(asked.statusCode).toBe(202);
      expect(asked.json().message).toBe(
        `We've sent a confirmation link to ${newEmail}. Your address changes once you follow it.`,
      );
      // Nothing changes until the link is followed.
      expect(await signedInAs(browser)).toBe(email);
      // The move asked for first, to the taken address, was told too: the newest notice names this one.
      const notice = await newestMailText(stack, email, "Your tubedigest address may change", newEmail);
      expect(notice).not.toMatch(/confirm-email\?token=/);
      const confirmation = await newestMailText(stack, newEmail, "Confirm your new tubedigest address");
      const token = /\/confirm-email\?token=([\w-]{43})/.exec(confirmation)?.[1];
      expect(token, confirmation).toBeDefined();

      // Followed on another device, signed in or not.
      const phone = new Browser(stack.gateway);
      const confirmed = await phone.call("POST", "/api/user/email/confirm", { token });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toEqual({
        email: newEmail,
        message: `Your email address is now ${newEmail}.`,
      });
      expect(await signedInAs(phone)).toBe(401);
      expect(await signedInAs(browser)).toBe(newEmail);
      expect((await signIn(newEmail, password)).status).toBe(200);
      expect((await signIn(email, password)).status).toBe(401);
      const again = await phone.call("POST", "/api/user/email/confirm", { token });
      expect(again.statusCode).toBe(410);
      expect(again.json().message).toBe(
        "This confirmation link is invalid, expired or already used. Please ask for a new one in your settings.",
      );
      // A move asked for and then overtaken by a password change (the owner taking the account back) is void.
      const hijack = freshEmail("hijack");
      expect(
        (await browser.call("POST", "/api/user/email", { email: hijack, currentPassword: password }))
          .statusCode,
      ).toBe(202);
      const hijackToken = /\/confirm-email\?token=([\w-]{43})/.exec(
        await newestMailText(stack, hijack, "Confirm your new tubedigest address"),
      )?.[1];
      expect(
        (
          await browser.call("POST", "/api/user/password", {
            currentPassword: password,
            newPassword: "taken back",
          })
        ).statusCode,
      ).toBe(200);
      expect((await phone.call("POST", "/api/user/email/confirm", { token: hijackToken })).statusCode).toBe(
        410,
      );
      expect(await signedInAs(browser)).toBe(newEmail);
      // Every service has the new address from user.updated: the next mail goes there.
      await browser.call("POST", "/api/user/password", {
        currentPassword: password,
        newPassword: "after the move",
      });
      await newestMailText(stack, newEmail, "Your tubedigest password was changed");
      expect(await mailboxLinksTo(stack, email, "Your tubedigest password was changed")).toEqual([]);
    });

    realPartsOnly("pauses the digest until a date or until resumed, and resumes it", async () => {
      const { browser } = await signUp("pauser");
      expect((await browser.call("GET", "/api/user/deliveries")).json()).toEqual({
        paused: false,
        until: null,
        resumesOn: null,
      });
      for (const until of ["2020-01-01", "tomorrow", "2026-02-30"]) {
        const refused = await browser.call("POST", "/api/user/deliveries/pause", { until });
        expect(refused.statusCode, until).toBe(400);
        expect(refused.json().message).toMatch(/^Please choose/);
      }
      const friday = new Date(Date.now() + 10 * 24 * 3_600_000);
      friday.setUTCDate(friday.getUTCDate() + ((5 - friday.getUTCDay() + 7) % 7));
      const until = friday.toISOString().slice(0, 10);
      const paused = await browser.call("POST", "/api/user/deliveries/pause", { until });
      expect(paused.statusCode).toBe(200);
      const monday = new Date(friday.getTime() + 3 * 24 * 3_600_000).toISOString().slice(0, 10);
      expect(paused.json()).toEqual({ paused: true, until, resumesOn: monday });
      expect((await browser.call("GET", "/api/user/deliveries")).json()).toEqual(paused.json());
      expect((await browser.call("POST", "/api/user/deliveries/pause", { until: null })).json()).toEqual({
        paused: true,
        until: null,
        resumesOn: null,
      });
      const resumed = await browser.call("POST", "/api/user/deliveries/resume");
      expect(resumed.json()).toEqual({ paused: false, until: null, resumesOn: null });
      expect((await new Browser(stack.gateway).call("GET", "/api/user/deliveries")).statusCode).toBe(401);
    });

    it("deletes the account only when its address is typed and its password given, and signs every browser out", async () => {
      const { email, browser } = await signUp("leaver");
      const elsewhere = (await signIn(email, password)).browser;
      const wrong = await browser.call("DELETE", "/api/user/account", {
        email: "someone.else@example.com",
        currentPassword: password,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json()).toEqual({
        message: "Please type your email address exactly as shown to confirm.",
      });
      // A browser left signed in is not the account.
      for (const [currentPassword, message] of [
        [undefined, "Please enter your current password."],
        ["not the password", "Your current password is not correct. Please try again."],
      ] as const) {
        const refused = await browser.call("DELETE", "/api/user/account", { email, currentPassword });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toEqual({ message });
      }
      expect(await signedInAs(browser)).toBe(email);
      const deleted = await browser.call("DELETE", "/api/user/account", {
        email: ` ${email.toUpperCase()} `,
        currentPassword: password,
      });
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({
        message: "Your account and everything we kept about you have been deleted.",
      });
      expect(deleted.headers["x-tubedigest-end-all-sessions"]).toBeUndefined();
      expect(browser.cookies.has("td_session")).toBe(false);
      expect(await signedInAs(browser)).toBe(401);
      expect(await signedInAs(elsewhere)).toBe(401);
      expect((await signIn(email, password)).status).toBe(401);
      expect(await newestMailText(stack, email, "Your tubedigest account is deleted")).toContain(
        "This is the last e-mail we send to this address.",
      );
      // The same address may sign up again, afresh.
      expect(
        (await new Browser(stack.gateway).call("POST", "/api/auth/register", { email, password })).statusCode,
      ).toBe(201);
    });

    it.runIf(infra === "real")(
      "leaves no row about a deleted account in any service's schema, and the weekly digest mails neither it nor a paused reader",
      async () => {
        const readers = await Promise.all(["steady", "paused", "gone"].map((prefix) => signUp(prefix)));
        const [steady, paused, gone] = readers as [
          (typeof readers)[0],
          (typeof readers)[0],
          (typeof readers)[0],
        ];
        for (const reader of readers) {
          expect(
            (await reader.browser.call("POST", "/api/user/channels", { youtubeChannelId: channel }))
              .statusCode,
          ).toBe(201);
        }
        // Something of the leaver in every service: a plan, a newsletter (and its mail), a pause, a pending move.
        await eventually(async () => {
          const reply = await gone.browser.call("POST", "/api/subscribe-with-coupon", {
            plan: "creator",
            testMode: true,
          });
          return reply.statusCode === 200 ? reply : undefined;
        });
        expect(
          (await paused.browser.call("POST", "/api/user/deliveries/pause", { until: null })).statusCode,
        ).toBe(200);
        expect(
          (await gone.browser.call("POST", "/api/user/deliveries/pause", { until: null })).statusCode,
        ).toBe(200);
        const moveTo = freshEmail("nowhere");
        expect(
          (await gone.browser.call("POST", "/api/user/email", { email: moveTo, currentPassword: password }))
            .statusCode,
        ).toBe(202);
        const goneId = await accountIdOf(stack, gone.email);
        const traces = () => tablesMentioningIn(stack, [goneId, gone.email, moveTo]);
        await expect
          .poll(traces, { timeout: 20_000, interval: 250 })
          .toEqual(
            expect.arrayContaining([
              "auth.users",
              "billing.accounts",
              "catalog.follows",
              "mailer.recipients",
              "summariser.recipients",
            ]),
          );

        expect(
          (
            await gone.browser.call("DELETE", "/api/user/account", {
              email: gone.email,
              currentPassword: password,
            })
          ).statusCode,
        ).toBe(200);
        await expect.poll(traces, { timeout: 30_000, interval: 250 }).toEqual([]);

        const digestRowsOf = async (email: string) => {
          const page = await new Browser(stack.gateway).call("GET", "/dev/mailbox");
          return page.body.split("<tr>").filter((row) => row.includes(email) && /Your week of/.test(row));
        };
        // What the leaver was mailed while they had the account (their plan's first digest, at once).
        const mailedBefore = await digestRowsOf(gone.email);
        // The week's uploads are found and summarised; then Monday 09:00 comes.
        const tick = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
        await stack.events.publish(
          "uploads.check-due",
          { slot: tick.toISOString() },
          { correlationId: "hourly-tick", id: scheduleEventId("uploads.check-due", tick) },
        );
        const slot = nextMondayNine(new Date());
        await stack.events.publish(
          "digest.due",
          { slot: slot.toISOString() },
          { correlationId: "monday", id: scheduleEventId("digest.due", slot) },
        );
        await eventually(async () => {
          const links = await mailboxLinksTo(stack, steady.email, "Your week of");
          return links.length > 0 ? links : undefined;
        }, 60_000);
        expect(await digestRowsOf(paused.email), paused.email).toEqual([]);
        expect(await digestRowsOf(gone.email), gone.email).toEqual(mailedBefore);
        expect(await traces()).toEqual([]);
      },
      120_000,
    );
  },
);
