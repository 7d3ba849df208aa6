import { uniqueName } from "@tubedigest/testing/test-infra";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EdgeGateway, startEdgeGateway } from "./support/edge-gateway.ts";
import { Browser, type Infra, sharedTestStack, type TestStack } from "./test-stack.ts";

const password = "correct horse battery";
// Unique however many files share the stack (`sharedTestStack`), and lower case, as the tests compare it.
const unique = () => uniqueName("p").slice(2).toLowerCase();
const freshEmail = () => `person${unique()}@example.com`;

describe.each<Infra>(["real", "embedded"])(
  "sign-up, sign-in and profile through the gateway (%s parts)",
  (infra) => {
    // Both parts only where they differ: the accounts auth stores (PGlite or Postgres, whose lower() the
    // casings test) and what the other services learn of them from the bus. The rest is the gateway's and
    // auth's own code, alike on both; the session stores are compared in session-control.test.ts.
    const realPartsOnly = it.runIf(infra === "real");
    let stack: TestStack;
    beforeAll(async () => {
      stack = await sharedTestStack(infra);
    });

    it("signs up, answers current-user, saves the profile and signs out", async () => {
      const browser = new Browser(stack.gateway);
      const email = freshEmail();
      const signup = await browser.call("POST", "/api/auth/register", { email: `  ${email} `, password });
      expect(signup.statusCode).toBe(201);
      expect(signup.json()).toEqual({ email, fullName: null });
      expect(signup.headers["x-tubedigest-session-user"]).toBeUndefined();

      expect((await browser.call("GET", "/api/auth/current-user")).json()).toEqual({
        email,
        fullName: null,
        // Every new account starts on its 7-day trial.
        subscriptionStatus: "trial",
        subscriptionPlan: null,
        channelCount: 0,
        // The trial's allowance, which catalog keeps until billing names a plan.
        channelAllowance: 5,
      });

      const profile = await browser.call("PATCH", "/api/user/profile", {
        fullName: "  Ada Lovelace ",
        email,
      });
      expect(profile.json()).toEqual({
        email,
        fullName: "Ada Lovelace",
        timeZone: "UTC",
        summaryLanguage: null,
      });
      expect((await browser.call("GET", "/api/auth/current-user")).json()).toMatchObject({
        fullName: "Ada Lovelace",
      });

      const sessionBefore = browser.cookies.get("td_session");
      expect((await browser.call("POST", "/api/auth/logout")).statusCode).toBe(200);
      expect((await browser.call("GET", "/api/auth/current-user")).statusCode).toBe(401);

      // The id the browser held before logging out is dead in the store, not just forgotten by the browser.
      const replay = new Browser(stack.gateway);
      replay.cookies.set("td_session", sessionBefore ?? "");
      const replayed = await replay.call("GET", "/api/auth/current-user");
      expect(replayed.statusCode).toBe(401);
      expect(replayed.json()).toEqual({ message: "You are not signed in." });
    });

    realPartsOnly("sets the session cookie httpOnly, SameSite=Lax, for the whole site", async () => {
      const response = await new Browser(stack.gateway).call("POST", "/api/auth/register", {
        email: freshEmail(),
        password,
      });
      const cookie = String(response.headers["set-cookie"]);
      expect(cookie).toMatch(/^td_session=[^;]+;/);
      expect(cookie).toContain("HttpOnly");
      expect(cookie).toContain("SameSite=Lax");
      expect(cookie).toContain("Path=/");
      expect(cookie).not.toContain("Secure");
    });

    realPartsOnly("gives a new session id at login and retires the old one", async () => {
      const email = freshEmail();
      await new Browser(stack.gateway).call("POST", "/api/auth/register", { email, password });
      const browser = new Browser(stack.gateway);
      const other = freshEmail();
      await browser.call("POST", "/api/auth/register", { email: other, password });
      const before = browser.cookies.get("td_session");

      const login = await browser.call("POST", "/api/auth/login", { email: email.toUpperCase(), password });
      expect(login.statusCode).toBe(200);
      const after = browser.cookies.get("td_session");
      expect(after).toBeDefined();
      expect(after).not.toBe(before);
      expect((await browser.call("GET", "/api/auth/current-user")).json()).toMatchObject({ email });

      const stale = new Browser(stack.gateway);
      stale.cookies.set("td_session", before ?? "");
      expect((await stale.call("GET", "/api/auth/current-user")).statusCode).toBe(401);
    });

    it("accepts every address the e-mail rule accepts, however unusual", async () => {
      for (const email of [`ü${unique()}@bücher.de`, `a..b${unique()}@x.io`, `o'neil${unique()}@x.io`]) {
        const response = await new Browser(stack.gateway).call("POST", "/api/auth/register", {
          email,
          password,
        });
        expect(response.statusCode, email).toBe(201);
      }
    });

    // Postgres' lower() and JavaScript's toLowerCase() fold these letters differently; an account made
    // with one casing must be found with every other.
    it.each([
      ["ΑΣ", ["ΑΣ", "ας", "ασ", "Ας", "αΣ"]],
      ["İ", ["İ", "i\u0307"]],
    ])("signs in an address starting %s with any casing of it", async (start, casings) => {
      const local = unique();
      const email = `${start}${local}@x.io`;
      const signup = await new Browser(stack.gateway).call("POST", "/api/auth/register", { email, password });
      expect(signup.statusCode).toBe(201);
      for (const casing of casings) {
        const login = await new Browser(stack.gateway).call("POST", "/api/auth/login", {
          email: `${casing}${local}@X.IO`,
          password,
        });
        expect(login.statusCode, casing).toBe(200);
        expect(login.json()).toEqual({ email, fullName: null });
      }
    });

    it("makes no second account for the same e-mail, whatever its case and spacing", async () => {
      const email = freshEmail();
      await new Browser(stack.gateway).call("POST", "/api/auth/register", { email, password });
      const other = new Browser(stack.gateway);
      const again = await other.call("POST", "/api/auth/register", {
        email: ` ${email.toUpperCase()}`,
        password: "a different password",
      });
      // Nobody has proven the address yet, so the account may be a squatter's: its owner gets a link.
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual({
        message:
          "This email address already has an account. We've sent a sign-in link to it: follow the link to sign in.",
      });
      expect((await other.call("GET", "/api/auth/current-user")).statusCode).toBe(401);
      const login = (pw: string) =>
        new Browser(stack.gateway).call("POST", "/api/auth/login", { email, password: pw });
      expect((await login(password)).statusCode).toBe(200);
      expect((await login("a different password")).statusCode).toBe(401);
    });

    realPartsOnly("answers a wrong password and an unknown e-mail identically", async () => {
      const email = freshEmail();
      await new Browser(stack.gateway).call("POST", "/api/auth/register", { email, password });
      const wrongPassword = await new Browser(stack.gateway).call("POST", "/api/auth/login", {
        email,
        password: "not the password",
      });
      const unknownEmail = await new Browser(stack.gateway).call("POST", "/api/auth/login", {
        email: freshEmail(),
        password: "not the password",
      });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.body).toBe(unknownEmail.body);
      expect(wrongPassword.json()).toEqual({ message: "Invalid email or password. Please try again." });
      expect(wrongPassword.headers["set-cookie"]).toBeUndefined();
    });

    realPartsOnly.each([
      ["/api/auth/login", { email: "no-at-sign", password }, "Please enter a valid email address"],
      ["/api/auth/login", { email: "a b@c.de", password }, "Please enter a valid email address"],
      ["/api/auth/login", { email: "ann@example.com", password: "" }, "Password is required"],
      ["/api/auth/login", { email: "ann@example.com" }, "Password is required"],
      ["/api/auth/register", { email: "ann@example", password }, "Please enter a valid email address"],
      [
        "/api/auth/register",
        { email: "ann@example.com", password: "1234567" },
        "Password must be at least 8 characters",
      ],
      ["/api/auth/register", { email: "ann@example.com" }, "Password must be at least 8 characters"],
      [
        "/api/auth/register-with-email",
        { email: "nope", channels: [] },
        "Please enter a valid email address",
      ],
      ["/api/auth/login-with-email", {}, "Please enter a valid email address"],
    ])("POST %s with %j answers 400 %s, the validation message", async (url, body, message) => {
      const response = await new Browser(stack.gateway).call("POST", url, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message });
    });

    realPartsOnly("validates the profile and keeps the e-mail fixed", async () => {
      const browser = new Browser(stack.gateway);
      const email = freshEmail();
      await browser.call("POST", "/api/auth/register", { email, password });
      const invalid = await browser.call("PATCH", "/api/user/profile", { fullName: "A", email: "broken" });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json()).toEqual({ message: "Please enter a valid email address" });
      const changed = await browser.call("PATCH", "/api/user/profile", {
        fullName: "A",
        email: freshEmail(),
      });
      expect(changed.statusCode).toBe(400);
      expect(changed.json()).toEqual({ message: "Your email address cannot be changed here." });
      const cleared = await browser.call("PATCH", "/api/user/profile", { email: email.toUpperCase() });
      expect(cleared.json()).toEqual({ email, fullName: null, timeZone: "UTC", summaryLanguage: null });
    });

    realPartsOnly("does not let a client name the caller itself", async () => {
      const victim = new Browser(stack.gateway);
      const email = freshEmail();
      await victim.call("POST", "/api/auth/register", { email, password });
      const forged = await new Browser(stack.gateway).call(
        "PATCH",
        "/api/user/profile",
        { fullName: "pwned", email },
        { "x-tubedigest-user-id": "00000000-0000-0000-0000-000000000000" },
      );
      expect(forged.statusCode).toBe(401);
      expect((await victim.call("GET", "/api/auth/current-user")).json()).toMatchObject({ fullName: null });
    });

    realPartsOnly("refuses state changes sent from another website", async () => {
      const response = await new Browser(stack.gateway).call(
        "POST",
        "/api/auth/login",
        { email: "a@b.co", password },
        { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      );
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: "This request came from another website and was refused." });
      const sameSite = await new Browser(stack.gateway).call(
        "POST",
        "/api/auth/login",
        { email: "a@b.co", password },
        { origin: "http://localhost:3000", host: "localhost:3000" },
      );
      expect(sameSite.statusCode).toBe(401);
    });

    describe.runIf(infra === "real")("password-less accounts from the landing page", () => {
      const channel = {
        youtubeId: "UC_x5XG1OV2P6uZZ5FSM9Ttw",
        title: "Google for Developers",
        description: "",
        thumbnailUrl: "https://yt3.ggpht.com/a.jpg",
        subscriberCount: "2540000",
      };

      it("signs in automatically only in the browser that made the account", async () => {
        const maker = new Browser(stack.gateway);
        const email = freshEmail();
        const made = await maker.call("POST", "/api/auth/register-with-email", {
          email,
          channels: [channel],
        });
        expect(made.statusCode).toBe(201);
        const claim = String(made.headers["set-cookie"]);
        expect(claim).toMatch(/td_claim=.+; Max-Age=86400; Path=\/api; HttpOnly; SameSite=Lax/);

        const stranger = await new Browser(stack.gateway).call("POST", "/api/auth/login-with-email", {
          email,
        });
        expect(stranger.statusCode).toBe(401);
        expect(stranger.json()).toEqual({ message: "Please sign in with your email and password." });
        expect(stranger.headers["set-cookie"]).toBeUndefined();

        // A forged claim (right user id, no valid signature) is no claim.
        const forger = new Browser(stack.gateway);
        forger.cookies.set("td_claim", (maker.cookies.get("td_claim") ?? "").replace(/\.[^.]+$/, ".forged"));
        expect((await forger.call("POST", "/api/auth/login-with-email", { email })).statusCode).toBe(401);

        const auto = await maker.call("POST", "/api/auth/login-with-email", { email: email.toUpperCase() });
        expect(auto.statusCode).toBe(200);
        expect((await maker.call("GET", "/api/auth/current-user")).json()).toMatchObject({ email });
      });

      it("lets only the claiming browser set the first password", async () => {
        const maker = new Browser(stack.gateway);
        const email = freshEmail();
        await maker.call("POST", "/api/auth/register-with-email", { email, channels: [channel] });
        expect(
          (await maker.call("POST", "/api/auth/register-with-email", { email, channels: [] })).statusCode,
        ).toBe(200);

        const elsewhere = await new Browser(stack.gateway).call("POST", "/api/auth/register", {
          email,
          password,
        });
        expect(elsewhere.statusCode).toBe(202);
        const landing = new Browser(stack.gateway);
        const elsewhereLanding = await landing.call("POST", "/api/auth/register-with-email", {
          email,
          channels: [],
        });
        // Answered as a new account would be, with a claim that lets nobody in.
        expect(elsewhereLanding.statusCode).toBe(201);
        expect(landing.cookies.has("td_claim")).toBe(true);
        expect((await landing.call("POST", "/api/auth/login-with-email", { email })).statusCode).toBe(401);
        // The password-less account cannot be entered with any password.
        const guess = await new Browser(stack.gateway).call("POST", "/api/auth/login", { email, password });
        expect(guess.statusCode).toBe(401);

        const signup = await maker.call("POST", "/api/auth/register", { email, password });
        expect(signup.statusCode).toBe(201);
        expect(maker.cookies.has("td_claim")).toBe(false);
        expect(
          (await new Browser(stack.gateway).call("POST", "/api/auth/login", { email, password })).statusCode,
        ).toBe(200);
        // With a password set, the e-mail alone no longer signs anyone in.
        expect((await maker.call("POST", "/api/auth/login-with-email", { email })).statusCode).toBe(401);
      });
    });
  },
);

describe("sign-in rate limit", () => {
  let edge: EdgeGateway;
  beforeAll(async () => {
    edge = await startEdgeGateway({
      real: true,
      settings: { signInRateLimit: { max: 3, windowSeconds: 60 } },
    });
  });
  afterAll(() => edge.stop());

  it("answers 429 with a message once a client has tried too often, and lets no more reach auth", async () => {
    const attempt = () =>
      new Browser(edge.gateway).call("POST", "/api/auth/login", {
        email: "x@example.com",
        password: "guess",
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
    const limited = await attempt();
    expect(limited.json().message).toMatch(/^Too many requests\. Please wait .+ and try again\.$/);
    expect(limited.headers["retry-after"]).toBeDefined();
    expect(edge.auth.arrivals).toHaveLength(3);
  });
});

describe("secure cookies outside development", () => {
  it("marks the session cookie Secure when TLS ends at the proxy in front", async () => {
    const edge = await startEdgeGateway({ settings: { secureCookies: true, trustProxy: 1 } });
    try {
      const response = await new Browser(edge.gateway).call(
        "POST",
        "/api/auth/register",
        { email: freshEmail(), password },
        { "x-forwarded-proto": "https", "x-test-sign-in-as": "3f1c2a9e-6b0d-4c8e-9a51-2d7e4f60b1aa" },
      );
      expect(String(response.headers["set-cookie"])).toContain("; Secure");
    } finally {
      await edge.stop();
    }
  });
});
