import { defineSubscriptions } from "@tubedigest/bus";
import type { EventEnvelope } from "@tubedigest/contracts";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eventually } from "./support/eventually.ts";
import { Browser, startTestStack, type TestStack } from "./test-stack.ts";

const password = "correct horse battery";
const squattersPassword = "squatters own password";
const freshEmail = () => `${uniqueName("owner")}@example.com`;

const messages = {
  linkSentToAccount:
    "This email address already has an account. We've sent a sign-in link to it: follow the link to sign in.",
  linkRequested: "If an account exists for this address, we've sent a sign-in link to it.",
  linkInvalid: "This sign-in link is invalid, expired or already used. Please request a new one.",
  emailTaken: "An account with this email already exists. Please sign in instead.",
  claimMissing: "Please sign in with your email and password.",
};

const MINUTE = 60_000;

// On the real parts alone: what differs on the embedded ones (the memory session store, PGlite, the
// in-process bus) is shown by session-control.test.ts on both stores and by the embedded runs of
// account-lifecycle, auth-flow and mail-flow.
describe("account security through the gateway (real parts)", () => {
  let stack: TestStack;
  let skewMs = 0;
  const links: EventEnvelope<"sign-in-link.requested">[] = [];
  const registrations: EventEnvelope<"user.registered">[] = [];

  /** Moves auth's clock forward; claims and sign-in links expire by it. */
  const later = (ms: number) => {
    skewMs += ms;
  };
  const linksTo = (email: string) => links.filter((event) => event.data.email === email);
  /** The token of the `count`-th link sent to the address, once the mailer would have it. */
  const nthLink = async (email: string, count: number) =>
    (await eventually(() => linksTo(email)[count - 1])).data.token;

  beforeAll(async () => {
    stack = await startTestStack("real", { now: () => new Date(Date.now() + skewMs) });
    await stack.events.subscribe(
      defineSubscriptions({
        service: uniqueName("mailer"),
        queues: {
          "account-mail": {
            events: ["sign-in-link.requested", "user.registered"],
            handlers: {
              "sign-in-link.requested": async (event) => {
                links.push(event);
              },
              "user.registered": async (event) => {
                registrations.push(event);
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

  it("gives a squatted address back to its owner: a sign-in link, then a password, and the squatter is out", async () => {
    const email = freshEmail();
    const squatter = browser();
    const squatted = await squatter.call("POST", "/api/auth/register-with-email", { email, channels: [] });
    expect(squatted.statusCode).toBe(201);
    expect((await squatter.call("POST", "/api/auth/login-with-email", { email })).statusCode).toBe(200);
    expect(await signedInEmail(squatter)).toBe(email);

    // The owner's sign-up neither fails nor signs anyone in: a link goes to the address.
    const owner = browser();
    const signup = await owner.call("POST", "/api/auth/register", { email, password });
    expect(signup.statusCode).toBe(202);
    expect(signup.json()).toEqual({ message: messages.linkSentToAccount });
    expect(await signedInEmail(owner)).toBe(401);
    const [event] = await eventually(() => (linksTo(email).length > 0 ? linksTo(email) : undefined));
    expect(event?.correlationId).toBe(signup.headers["x-request-id"]);
    expect(event?.data).toMatchObject({ email, token: expect.stringMatching(/^[\w-]{43}$/) });
    const expiresIn = Date.parse(event?.data.expiresAt ?? "") - Date.now() - skewMs;
    expect(expiresIn).toBeGreaterThan(29 * MINUTE);
    expect(expiresIn).toBeLessThanOrEqual(30 * MINUTE);

    const followed = await owner.call("POST", "/api/auth/sign-in-with-link", { token: event?.data.token });
    expect(followed.statusCode).toBe(200);
    expect(followed.json()).toEqual({ email, fullName: null });
    expect(followed.headers["x-tubedigest-end-other-sessions"]).toBeUndefined();
    expect(await signedInEmail(owner)).toBe(email);
    expect(await signedInEmail(squatter)).toBe(401);

    const withPassword = await owner.call("POST", "/api/auth/register", { email, password });
    expect(withPassword.statusCode).toBe(201);
    expect((await browser().call("POST", "/api/auth/login", { email, password })).statusCode).toBe(200);
    // The squatter's claim went with the address: no way back in by e-mail alone.
    const retry = await squatter.call("POST", "/api/auth/login-with-email", { email });
    expect(retry.statusCode).toBe(401);
    expect(retry.json()).toEqual({ message: messages.claimMissing });
  });

  it("ends a password someone set before the owner proved the address", async () => {
    const email = freshEmail();
    const squatter = browser();
    expect(
      (await squatter.call("POST", "/api/auth/register", { email, password: squattersPassword })).statusCode,
    ).toBe(201);

    const owner = browser();
    expect((await owner.call("POST", "/api/auth/register", { email, password })).statusCode).toBe(202);
    // Asking changed nothing: the account is as it was until the link is followed.
    expect((await browser().call("POST", "/api/auth/login", { email, password })).statusCode).toBe(401);
    expect(await signedInEmail(squatter)).toBe(email);

    const token = await nthLink(email, 1);
    expect((await owner.call("POST", "/api/auth/sign-in-with-link", { token })).statusCode).toBe(200);
    expect(await signedInEmail(squatter)).toBe(401);
    const squattersLogin = await browser().call("POST", "/api/auth/login", {
      email,
      password: squattersPassword,
    });
    expect(squattersLogin.statusCode).toBe(401);

    expect((await owner.call("POST", "/api/auth/register", { email, password })).statusCode).toBe(201);
    // Proven and with a password: now the address is taken for good.
    const again = await browser().call("POST", "/api/auth/register", { email, password: squattersPassword });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: messages.emailTaken });
  });

  it("answers register-with-email for a registered address exactly as for a new one, and signs nobody in", async () => {
    const withPassword = freshEmail();
    await browser().call("POST", "/api/auth/register", { email: withPassword, password });
    const passwordless = freshEmail();
    await browser().call("POST", "/api/auth/register-with-email", { email: passwordless, channels: [] });
    const fresh = freshEmail();
    await eventually(() =>
      [withPassword, passwordless].every((email) => registrations.some((event) => event.data.email === email))
        ? true
        : undefined,
    );
    const before = registrations.length;

    const answers = [];
    const visitors: Record<string, Browser> = {};
    for (const email of [fresh, withPassword, passwordless]) {
      visitors[email] = browser();
      const response = await visitors[email].call("POST", "/api/auth/register-with-email", {
        email: ` ${email}`,
        channels: [],
      });
      answers.push({
        status: response.statusCode,
        body: response.body.replace(email, "<email>"),
        setCookie: String(response.headers["set-cookie"]).replace(/^td_claim=[^;]+;/, "td_claim=<claim>;"),
        claimLength: visitors[email].cookies.get("td_claim")?.length,
      });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]).toMatchObject({ status: 201, body: '{"email":"<email>","fullName":null}' });

    for (const email of [withPassword, passwordless]) {
      const attempt = await visitors[email]?.call("POST", "/api/auth/login-with-email", { email });
      expect(attempt?.statusCode).toBe(401);
      expect(await signedInEmail(visitors[email] as Browser)).toBe(401);
    }
    // Auth publishes in the order it wrote: once a later sign-up is announced, any other would have been.
    const marker = freshEmail();
    await browser().call("POST", "/api/auth/register", { email: marker, password });
    await eventually(() => registrations.find((event) => event.data.email === marker));
    expect(registrations.slice(before).map((event) => event.data.email)).toEqual([fresh, marker]);
  });

  it("lets a claim sign in once, never renews it, and so signs a password-less account out for good", async () => {
    const email = freshEmail();
    const maker = browser();
    await maker.call("POST", "/api/auth/register-with-email", { email, channels: [] });
    const claim = maker.cookies.get("td_claim") ?? "";

    const repeated = await maker.call("POST", "/api/auth/register-with-email", { email, channels: [] });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.json()).toEqual({ email, fullName: null });
    expect(repeated.headers["set-cookie"]).toBeUndefined();

    expect((await maker.call("POST", "/api/auth/login-with-email", { email })).statusCode).toBe(200);
    // The same cookie, kept by the browser or copied elsewhere, is spent.
    const copy = browser();
    copy.cookies.set("td_claim", claim);
    expect((await copy.call("POST", "/api/auth/login-with-email", { email })).statusCode).toBe(401);

    expect((await maker.call("POST", "/api/auth/logout")).statusCode).toBe(200);
    maker.cookies.set("td_claim", claim);
    expect((await maker.call("POST", "/api/auth/login-with-email", { email })).statusCode).toBe(401);
    expect(await signedInEmail(maker)).toBe(401);
    // Repeating the landing page's sign-up after that gets no fresh claim either.
    const afterLogout = await maker.call("POST", "/api/auth/register-with-email", { email, channels: [] });
    expect(afterLogout.statusCode).toBe(201);
    expect((await maker.call("POST", "/api/auth/login-with-email", { email })).statusCode).toBe(401);
  });

  it("lets a claim expire after 24 hours", async () => {
    const email = freshEmail();
    const maker = browser();
    await maker.call("POST", "/api/auth/register-with-email", { email, channels: [] });
    later(24 * 60 * MINUTE + 1_000);
    expect((await maker.call("POST", "/api/auth/login-with-email", { email })).statusCode).toBe(401);
  });

  it("sends at most one sign-in link per address per two minutes, and answers alike for any address", async () => {
    const email = freshEmail();
    await browser().call("POST", "/api/auth/register", { email, password });
    const unknown = freshEmail();

    const first = await browser().call("POST", "/api/auth/sign-in-link", { email });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ message: messages.linkRequested });
    const stranger = await browser().call("POST", "/api/auth/sign-in-link", { email: unknown });
    expect(stranger.statusCode).toBe(202);
    expect(stranger.body).toBe(first.body);
    const firstToken = await nthLink(email, 1);

    later(MINUTE);
    const second = await browser().call("POST", "/api/auth/sign-in-link", { email: email.toUpperCase() });
    expect(second.statusCode).toBe(202);
    expect(second.body).toBe(first.body);
    // A link asked for later, for another address, is published after any second one to this address.
    const marker = freshEmail();
    await browser().call("POST", "/api/auth/register", { email: marker, password });
    await browser().call("POST", "/api/auth/sign-in-link", { email: marker });
    await eventually(() => linksTo(marker)[0]);
    expect(linksTo(email)).toHaveLength(1);

    later(MINUTE + 1_000);
    await browser().call("POST", "/api/auth/sign-in-link", { email });
    const secondToken = await nthLink(email, 2);
    expect(secondToken).not.toBe(firstToken);
    expect(linksTo(unknown)).toEqual([]);

    // Each link signs in once.
    const reader = browser();
    expect((await reader.call("POST", "/api/auth/sign-in-with-link", { token: firstToken })).statusCode).toBe(
      200,
    );
    expect(await signedInEmail(reader)).toBe(email);
    const reused = await browser().call("POST", "/api/auth/sign-in-with-link", { token: firstToken });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: messages.linkInvalid });
    expect(
      (await browser().call("POST", "/api/auth/sign-in-with-link", { token: secondToken })).statusCode,
    ).toBe(200);
  });

  it("refuses a sign-in link after 30 minutes, and one that never was", async () => {
    const email = freshEmail();
    await browser().call("POST", "/api/auth/register", { email, password });
    await browser().call("POST", "/api/auth/sign-in-link", { email });
    const token = await nthLink(email, 1);
    later(30 * MINUTE + 1_000);
    for (const attempt of [token, "A".repeat(43), "not a token"]) {
      const visitor = browser();
      const response = await visitor.call("POST", "/api/auth/sign-in-with-link", { token: attempt });
      expect(response.statusCode, attempt).toBe(401);
      expect(response.json()).toEqual({ message: messages.linkInvalid });
      expect(await signedInEmail(visitor)).toBe(401);
    }
    const missing = await browser().call("POST", "/api/auth/sign-in-with-link", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: messages.linkInvalid });
  });

  it("shows whose account a link signs into without spending it or signing in; the link then signs in once", async () => {
    const email = freshEmail();
    await browser().call("POST", "/api/auth/register", { email, password });
    await browser().call("POST", "/api/auth/sign-in-link", { email });
    const token = await nthLink(email, 1);

    const visitor = browser();
    for (const _look of [1, 2]) {
      const preview = await visitor.call("POST", "/api/auth/sign-in-link/preview", { token });
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toEqual({ email });
    }
    expect(await signedInEmail(visitor)).toBe(401);
    expect((await visitor.call("POST", "/api/auth/sign-in-with-link", { token })).statusCode).toBe(200);
    expect(await signedInEmail(visitor)).toBe(email);

    for (const path of ["/api/auth/sign-in-link/preview", "/api/auth/sign-in-with-link"]) {
      const spent = await browser().call("POST", path, { token });
      expect(spent.statusCode, path).toBe(401);
      expect(spent.json()).toEqual({ message: messages.linkInvalid });
    }
  });

  it("shows no account for an expired link or one that never was", async () => {
    const email = freshEmail();
    await browser().call("POST", "/api/auth/register", { email, password });
    await browser().call("POST", "/api/auth/sign-in-link", { email });
    const token = await nthLink(email, 1);
    later(30 * MINUTE + 1_000);
    for (const attempt of [token, "A".repeat(43)]) {
      const preview = await browser().call("POST", "/api/auth/sign-in-link/preview", { token: attempt });
      expect(preview.statusCode, attempt).toBe(401);
      expect(preview.json()).toEqual({ message: messages.linkInvalid });
    }
    const missing = await browser().call("POST", "/api/auth/sign-in-link/preview", {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ message: messages.linkInvalid });
  });

  it("signs every other browser out when a password is set", async () => {
    const email = freshEmail();
    const maker = browser();
    await maker.call("POST", "/api/auth/register-with-email", { email, channels: [] });
    await maker.call("POST", "/api/auth/login-with-email", { email });

    // Two more browsers in the same password-less account, by two links (the first proves the address).
    const phone = browser();
    const laptop = browser();
    await browser().call("POST", "/api/auth/sign-in-link", { email });
    await phone.call("POST", "/api/auth/sign-in-with-link", { token: await nthLink(email, 1) });
    later(2 * MINUTE + 1_000);
    await browser().call("POST", "/api/auth/sign-in-link", { email });
    const second = await laptop.call("POST", "/api/auth/sign-in-with-link", {
      token: await nthLink(email, 2),
    });
    expect(second.statusCode).toBe(200);
    expect(await signedInEmail(maker)).toBe(401);
    expect(await signedInEmail(phone)).toBe(email);
    expect(await signedInEmail(laptop)).toBe(email);

    const withPassword = await phone.call("POST", "/api/auth/register", { email, password });
    expect(withPassword.statusCode).toBe(201);
    expect(withPassword.headers["x-tubedigest-end-other-sessions"]).toBeUndefined();
    expect(await signedInEmail(phone)).toBe(email);
    expect(await signedInEmail(laptop)).toBe(401);
  });
});
