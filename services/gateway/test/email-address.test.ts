import { uniqueName } from "@tubedigest/testing/test-infra";
import { beforeAll, describe, expect, it } from "vitest";
import { Browser, sharedTestStack, type TestStack } from "./test-stack.ts";

const INVALID_EMAIL = "Please enter a valid email address";
const password = "correct horse battery";
const channel = {
  youtubeId: "UC_x5XG1OV2P6uZZ5FSM9Ttw",
  title: "Google for Developers",
  description: "Talks and tutorials",
  thumbnailUrl: "https://yt3.ggpht.com/a.jpg",
};

/**
 * Spellings each e-mail field once took, and nodemailer then read as a display name before the victim's
 * address, or as a list with it: a per-address throttle, suppression or payer check compared the whole
 * string and let them through.
 */
const NOT_ONE_BARE_ADDRESS = [
  "a<victim@x.io>",
  "urgent-security-notice <victim@x.io>",
  "victim@x.io,",
  "victim@x.io, other@y.io",
  "victim@x.io;",
  '"victim"@x.io',
  "victim(x)@x.io",
];

/** Every route that takes an e-mail, with a body valid but for the address. */
const ROUTES: [method: "POST" | "PATCH", url: string, body: (email: string) => object][] = [
  ["POST", "/api/user/email", (email) => ({ email, currentPassword: password })],
  ["POST", "/api/auth/register", (email) => ({ email, password })],
  ["POST", "/api/auth/login", (email) => ({ email, password })],
  ["POST", "/api/auth/register-with-email", (email) => ({ email, channels: [] })],
  ["POST", "/api/auth/login-with-email", (email) => ({ email })],
  ["POST", "/api/auth/sign-in-link", (email) => ({ email })],
  ["POST", "/api/auth/send-sign-in-link", (email) => ({ email })],
  ["PATCH", "/api/user/profile", (email) => ({ email, fullName: "Ann" })],
  ["POST", "/api/create-payment-intent", (email) => ({ email, plan: "solo", amount: 499 })],
  [
    "POST",
    "/api/subscribe",
    (email) => ({ email, plan: "solo", channelCount: 1, paymentIntentId: "pi_123" }),
  ],
  [
    "POST",
    "/api/subscribe-with-coupon",
    (email) => ({ email, plan: "pro", channelCount: 1, testMode: true }),
  ],
  ["POST", "/api/generate-newsletter-preview", (email) => ({ email, channels: [channel] })],
  ["POST", "/api/send-abandonment-email", (email) => ({ email, channelName: null, summaryBullets: [] })],
];

describe("one bare e-mail address on every route that takes one (embedded parts)", () => {
  let stack: TestStack;
  let signedIn: Browser;
  beforeAll(async () => {
    stack = await sharedTestStack("embedded");
    signedIn = new Browser(stack.gateway);
    await signedIn.call("POST", "/api/auth/register", {
      email: `${uniqueName("owner")}@example.com`,
      password,
    });
  });

  it.each(ROUTES)("%s %s refuses a display name, a list, quotes and a comment", async (method, url, body) => {
    for (const email of NOT_ONE_BARE_ADDRESS) {
      const response = await signedIn.call(method, url, body(email));
      expect({ email, status: response.statusCode, body: response.json() }).toEqual({
        email,
        status: 400,
        body: { message: INVALID_EMAIL },
      });
    }
  });

  it("trims the blanks around an address, keeps the spelling shown, and finds it under any casing", async () => {
    const name = uniqueName("Ann");
    const typed = `${name}@Example.COM`;
    const registered = await new Browser(stack.gateway).call("POST", "/api/auth/register", {
      email: `  ${typed} `,
      password,
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ email: typed });

    const again = new Browser(stack.gateway);
    const canonical = typed.toLowerCase();
    expect((await again.call("POST", "/api/auth/login", { email: canonical, password })).statusCode).toBe(
      200,
    );
    expect((await again.call("GET", "/api/auth/current-user")).json()).toMatchObject({ email: typed });
  });
});
