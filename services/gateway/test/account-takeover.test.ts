import { defineSubscriptions } from "@tubedigest/bus";
import type { EventEnvelope } from "@tubedigest/contracts";
import { createDatabase } from "@tubedigest/db";
import { eventually } from "@tubedigest/testing/eventually";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailboxLinksTo, newestMailText } from "./support/mailbox.ts";
import { Browser, startTestStack, type TestStack } from "./test-stack.ts";

const password = "the owner's own password";
const squattersPassword = "the squatter's password";
const freshEmail = (prefix: string) => `${uniqueName(prefix)}@example.com`;

const messages = {
  linkSentToAccount:
    "This email address already has an account. We've sent a sign-in link to it: follow the link to sign in.",
  confirmInvalid:
    "This confirmation link is invalid, expired or already used. Please ask for a new one in your settings.",
  badCredentials: "Invalid email or password. Please try again.",
  tooManyFailures:
    "Too many failed sign-in attempts for this address. Please wait 15 minutes, or sign in with a link sent to your email.",
  resetRequested:
    "If an account exists for this address, we've sent a link to choose a new password. It works for an hour.",
  resetInvalid: "This password reset link is invalid, expired or already used. Please ask for a new one.",
  reset: "Your new password is set. You've been signed out everywhere else.",
  needsLink: (email: string) =>
    `To change the address of an account without a password, first sign in with the link we've sent to ${email}, then ask again within the hour.`,
};

/** The token of the newest link of this kind mailed to the address. */
const tokenIn = (text: string, page: "sign-in/link" | "confirm-email") =>
  new RegExp(`/${page}\\?token=([\\w-]{43})`).exec(text)?.[1];

/**
 * The attacks a review made on the account flows, each as it was made (every client its own cookie jar,
 * and where it matters its own address), on the real parts: a squatter who registered someone else's
 * address first must lose everything once the owner proves it.
 */
describe("someone else's account, attacked through the gateway (real parts)", () => {
  let stack: TestStack;
  let skewMs = 0;
  const resets: EventEnvelope<"password-reset.requested">[] = [];
  const secured: EventEnvelope<"account.secured">[] = [];
  beforeAll(async () => {
    stack = await startTestStack("real", { now: () => new Date(Date.now() + skewMs) });
    await stack.events.subscribe(
      defineSubscriptions({
        service: uniqueName("reset-links"),
        queues: {
          resets: {
            events: ["password-reset.requested"],
            handlers: {
              "password-reset.requested": async (event) => {
                resets.push(event);
              },
            },
          },
          secured: {
            events: ["account.secured"],
            handlers: {
              "account.secured": async (event) => {
                secured.push(event);
              },
            },
          },
        },
      }),
    );
  });
  afterAll(() => stack.stop());

  const browser = () => new Browser(stack.gateway);
  const signedInEmail = async (who: Browser) => {
    const response = await who.call("GET", "/api/auth/current-user");
    return response.statusCode === 200 ? (response.json().email as string) : response.statusCode;
  };
  /** The owner follows the `nth` sign-in link mailed to the address, and confirms on its page. */
  const followSignInLink = async (who: Browser, email: string, nth = 1) => {
    const subject = "Your tubedigest sign-in link";
    const [newest] = await eventually(async () => {
      const links = await mailboxLinksTo(stack, email, subject);
      return links.length >= nth ? links : undefined;
    });
    const text = await who.call("GET", `${newest}/text`);
    const token = tokenIn(text.body, "sign-in/link");
    expect(token, text.body).toBeDefined();
    const followed = await who.call("POST", "/api/auth/sign-in-with-link", { token });
    expect(followed.statusCode).toBe(200);
  };
  /**
   * Waits until `count` more account.secured events than `before` were published and the mailer handled
   * every one: each turns the feed over, so an address read before the last is handled may change again.
   */
  const untilMailerHandledSecured = async (before: number, count: number) => {
    const ids = await eventually(() =>
      secured.length >= before + count ? secured.map((event) => event.id) : undefined,
    );
    const schema = stack.databases.mailer;
    if (!schema) throw new Error("a real stack has a mailer schema");
    const mailer = createDatabase<{ inbox: { event_id: string } }>({ ...schema, poolSize: 1 });
    try {
      await eventually(async () => {
        const handled = await mailer.db
          .selectFrom("inbox")
          .select("event_id")
          .where("event_id", "in", ids)
          .execute();
        return new Set(handled.map((row) => row.event_id)).size === ids.length ? true : undefined;
      });
    } finally {
      await mailer.close();
    }
  };
  /** The owner proves the squatted address and sets a password, as the review's victim did. */
  const ownerTakesBack = async (email: string) => {
    const owner = browser();
    const signup = await owner.call("POST", "/api/auth/register", { email, password });
    expect(signup.json()).toEqual({ message: messages.linkSentToAccount });
    await followSignInLink(owner, email);
    expect((await owner.call("POST", "/api/auth/register", { email, password })).statusCode).toBe(201);
    return owner;
  };

  it("refuses a move to another address that the squatter asked for before the owner proved the address", async () => {
    const email = freshEmail("victim");
    const squatter = browser();
    expect(
      (await squatter.call("POST", "/api/auth/register", { email, password: squattersPassword })).statusCode,
    ).toBe(201);
    const squattersAddress = freshEmail("sq-new");
    const asked = await squatter.call("POST", "/api/user/email", {
      email: squattersAddress,
      currentPassword: squattersPassword,
    });
    expect(asked.statusCode).toBe(202);
    const stale = tokenIn(
      await newestMailText(stack, squattersAddress, "Confirm your new tubedigest address"),
      "confirm-email",
    );
    expect(stale).toBeDefined();

    await ownerTakesBack(email);

    // With no session, the squatter spends the link kept from before.
    const spent = await browser().call("POST", "/api/user/email/confirm", { token: stale });
    expect(spent.statusCode).toBe(410);
    expect(spent.json()).toEqual({ message: messages.confirmInvalid });
    expect((await browser().call("POST", "/api/auth/login", { email, password })).statusCode).toBe(200);
    expect(
      (await browser().call("POST", "/api/auth/login", { email: squattersAddress, password })).statusCode,
    ).toBe(401);
  });

  it("stops serving a feed the squatter made once the owner proves the address", async () => {
    const email = freshEmail("fed");
    const squatter = browser();
    expect(
      (await squatter.call("POST", "/api/auth/register", { email, password: squattersPassword })).statusCode,
    ).toBe(201);
    const made = await squatter.call("POST", "/api/user/feed");
    const feedPath = new URL(made.json().url as string).pathname;
    expect((await browser().call("GET", feedPath)).statusCode).toBe(200);

    const securedBefore = secured.length;
    const owner = await ownerTakesBack(email);
    // The mailer hears of it from account.secured, a moment later: once for the address proved, once for
    // the password set.
    await untilMailerHandledSecured(securedBefore, 2);
    expect((await browser().call("GET", feedPath)).statusCode).toBe(404);
    // The owner's settings show the feed's new address, which works.
    const current = (await owner.call("GET", "/api/user/feed")).json().url as string;
    expect(new URL(current).pathname).not.toBe(feedPath);
    expect((await browser().call("GET", new URL(current).pathname)).statusCode).toBe(200);
  });

  it("lets a password-less account move only after a sign-in link, so a claim alone moves nothing", async () => {
    const email = freshEmail("landing");
    const squatter = browser();
    expect(
      (await squatter.call("POST", "/api/auth/register-with-email", { email, channels: [] })).statusCode,
    ).toBe(201);
    expect((await squatter.call("POST", "/api/auth/login-with-email", { email })).statusCode).toBe(200);
    const squattersAddress = freshEmail("sq-new");
    const refused = await squatter.call("POST", "/api/user/email", { email: squattersAddress });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: messages.needsLink(email) });

    // The link went to the address, which only its owner reads; following it is what lets a move through.
    const owner = browser();
    await followSignInLink(owner, email);
    expect(await signedInEmail(squatter)).toBe(401);
    const ownersNewAddress = freshEmail("owner-new");
    expect((await owner.call("POST", "/api/user/email", { email: ownersNewAddress })).statusCode).toBe(202);
    await newestMailText(stack, ownersNewAddress, "Confirm your new tubedigest address");
  });

  it("mails one address at most a few times an hour, however often a request names it", async () => {
    const asker = browser();
    const email = freshEmail("pest");
    await asker.call("POST", "/api/auth/register", { email, password });
    const target = freshEmail("target");
    const answers: number[] = [];
    for (let request = 0; request < 12; request += 1) {
      const reply = await asker.call("POST", "/api/user/email", { email: target, currentPassword: password });
      answers.push(reply.statusCode);
    }
    // Every request is answered (this stack's per-network limit is high); the mailer sends five of them.
    expect(answers).toEqual(Array(12).fill(202));
    const sent = () => mailboxLinksTo(stack, target, "Confirm your new tubedigest address");
    await eventually(async () => ((await sent()).length >= 5 ? true : undefined));
    // Every request's event has been handled by now or moments later: none of the rest goes out.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await sent()).length).toBe(5);
  });

  it("shows the new address a confirmation link would move to without spending it", async () => {
    const { email, who } = await (async () => {
      const address = freshEmail("mover");
      const signedIn = browser();
      await signedIn.call("POST", "/api/auth/register", { email: address, password });
      return { email: address, who: signedIn };
    })();
    const target = freshEmail("target");
    await who.call("POST", "/api/user/email", { email: target, currentPassword: password });
    const token = tokenIn(
      await newestMailText(stack, target, "Confirm your new tubedigest address"),
      "confirm-email",
    );
    // A mail scanner opening the page twice moves nothing.
    for (let look = 0; look < 2; look += 1) {
      const preview = await browser().call("POST", "/api/user/email/confirm/preview", { token });
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toEqual({ email: target });
    }
    expect(await signedInEmail(who)).toBe(email);
    expect((await browser().call("POST", "/api/user/email/confirm", { token })).statusCode).toBe(200);
    expect(await signedInEmail(who)).toBe(target);
    const after = await browser().call("POST", "/api/user/email/confirm/preview", { token });
    expect(after.statusCode).toBe(410);
    expect(after.json()).toEqual({ message: messages.confirmInvalid });
  });

  it("takes no more passwords for an address after ten wrong ones from any number of networks, until a link signs in", async () => {
    const email = freshEmail("guessed");
    const owner = browser();
    await owner.call("POST", "/api/auth/register-with-email", { email, channels: [] });
    await owner.call("POST", "/api/auth/sign-in-link", { email });
    await followSignInLink(owner, email);
    expect((await owner.call("POST", "/api/user/password", { newPassword: password })).statusCode).toBe(200);
    const loginFrom = (network: number, secret: string, address = email) =>
      stack.gateway.inject({
        method: "POST",
        url: "/api/auth/login",
        remoteAddress: `2001:db8:${network.toString(16)}::1`,
        payload: { email: address, password: secret },
      });
    for (let network = 1; network <= 10; network += 1) {
      const wrong = await loginFrom(network, `guess number ${network}`);
      expect(wrong.statusCode, `guess ${network}`).toBe(401);
      expect(wrong.json()).toEqual({ message: messages.badCredentials });
    }
    const locked = await loginFrom(11, password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ message: messages.tooManyFailures });
    // An address without an account is counted the same, so the count tells nothing.
    const nobody = freshEmail("nobody");
    for (let network = 1; network <= 10; network += 1) await loginFrom(network, "anything", nobody);
    expect((await loginFrom(11, "anything", nobody)).json()).toEqual({ message: messages.tooManyFailures });

    // The owner's sign-in link still works (a new one may be asked for two minutes after the last), and
    // clears the count.
    skewMs += 3 * 60_000;
    await owner.call("POST", "/api/auth/sign-in-link", { email });
    await followSignInLink(browser(), email, 2);
    expect((await loginFrom(12, password)).statusCode).toBe(200);
  });

  it("sets a forgotten password by a link mailed to the address: once, for an hour, every other browser out", async () => {
    const email = freshEmail("forgetful");
    const owner = browser();
    expect((await owner.call("POST", "/api/auth/register", { email, password })).statusCode).toBe(201);
    const elsewhere = browser();
    expect((await elsewhere.call("POST", "/api/auth/login", { email, password })).statusCode).toBe(200);

    // The same answer for an address without an account, which gets nothing.
    for (const address of [email, freshEmail("nobody")]) {
      const asked = await browser().call("POST", "/api/auth/password-reset", { email: address });
      expect(asked.statusCode).toBe(202);
      expect(asked.json()).toEqual({ message: messages.resetRequested });
    }
    const event = await eventually(() => resets.find((reset) => reset.data.email === email));
    const expiresIn = Date.parse(event.data.expiresAt) - Date.now() - skewMs;
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000);
    const token = event.data.token;
    // A reset link is not a sign-in link, nor the other way round.
    expect((await browser().call("POST", "/api/auth/sign-in-with-link", { token })).statusCode).toBe(401);

    const phone = browser();
    const preview = await phone.call("POST", "/api/auth/password-reset/preview", { token });
    expect(preview.json()).toEqual({ email });
    expect(await signedInEmail(phone)).toBe(401);
    const tooShort = await phone.call("POST", "/api/auth/reset-password", { token, newPassword: "short" });
    expect(tooShort.statusCode).toBe(400);
    const reset = await phone.call("POST", "/api/auth/reset-password", { token, newPassword: "a new one!" });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: messages.reset });
    expect(await signedInEmail(phone)).toBe(email);
    expect(await signedInEmail(owner)).toBe(401);
    expect(await signedInEmail(elsewhere)).toBe(401);
    expect((await browser().call("POST", "/api/auth/login", { email, password })).statusCode).toBe(401);
    expect(
      (await browser().call("POST", "/api/auth/login", { email, password: "a new one!" })).statusCode,
    ).toBe(200);

    const again = await browser().call("POST", "/api/auth/reset-password", {
      token,
      newPassword: "third one!",
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: messages.resetInvalid });
    expect((await browser().call("POST", "/api/auth/password-reset/preview", { token })).statusCode).toBe(
      401,
    );
  });
});
