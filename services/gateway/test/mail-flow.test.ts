import { eventually } from "@tubedigest/testing/eventually";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { beforeAll, describe, expect, it } from "vitest";
import { mailboxLinksTo as linksTo } from "./support/mailbox.ts";
import { Browser, type Infra, sharedTestStack, type TestStack } from "./test-stack.ts";

describe.each<Infra>(["real", "embedded"])(
  "e-mail through the gateway, read in the development mailbox (%s parts)",
  (infra) => {
    // Both parts for mail sent through the bus; the mailbox page, the unsubscribe and complaint routes are
    // the same code on both. The abandonment e-mail's limit is the gateway's, checked at the edge on both
    // stores (edge-paths.test.ts).
    const realPartsOnly = it.runIf(infra === "real");
    let stack: TestStack;
    beforeAll(async () => {
      stack = await sharedTestStack(infra);
    });

    const mailboxLinksTo = (to: string, subject: string) => linksTo(stack, to, subject);

    it("mails a password-less account's owner a single-use sign-in link that signs the browser in", async () => {
      const email = `${uniqueName("owner")}@example.com`;
      const maker = new Browser(stack.gateway);
      expect(
        (await maker.call("POST", "/api/auth/register-with-email", { email, channels: [] })).statusCode,
      ).toBe(201);

      const owner = new Browser(stack.gateway);
      const asked = await owner.call("POST", "/api/auth/send-sign-in-link", { email });
      const stranger = await owner.call("POST", "/api/auth/send-sign-in-link", {
        email: `${uniqueName("nobody")}@example.com`,
      });
      expect(asked.statusCode).toBe(202);
      expect(stranger.statusCode).toBe(202);
      expect(stranger.json()).toEqual(asked.json());

      const [messagePath] = await eventually(async () => {
        const links = await mailboxLinksTo(email, "Your tubedigest sign-in link");
        return links.length > 0 ? links : undefined;
      });
      const text = await owner.call("GET", `${messagePath}/text`);
      expect(text.statusCode).toBe(200);
      const token = /\/sign-in\/link\?token=([\w-]{43})/.exec(text.body)?.[1];
      expect(token, text.body).toBeDefined();

      const signedIn = await owner.call("POST", "/api/auth/sign-in-with-link", { token });
      expect(signedIn.statusCode).toBe(200);
      expect((await owner.call("GET", "/api/auth/current-user")).json()).toMatchObject({ email });
      const again = await new Browser(stack.gateway).call("POST", "/api/auth/sign-in-with-link", { token });
      expect(again.statusCode).toBe(401);
    });

    realPartsOnly("shows a message's HTML in a sandboxed frame, and answers an unknown one 404", async () => {
      const email = `${uniqueName("reader")}@example.com`;
      const visitor = new Browser(stack.gateway);
      expect(
        (await visitor.call("POST", "/api/auth/register-with-email", { email, channels: [] })).statusCode,
      ).toBe(201);
      // The landing page's visitor leaving the preview on the day they signed up: the welcome, which
      // invites back to the preview, is that day's one e-mail.
      const left = await visitor.call("POST", "/api/send-abandonment-email", {
        email,
        channelName: "Pocket Orbit",
        summaryBullets: ["A rocket carries its own oxidiser."],
      });
      expect(left.statusCode).toBe(202);
      const [messagePath] = await eventually(async () => {
        const links = await mailboxLinksTo(email, "Welcome to tubedigest");
        return links.length > 0 ? links : undefined;
      });
      const page = await new Browser(stack.gateway).call("GET", messagePath ?? "");
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain("<iframe sandbox");
      // The mailer's own policy, not the web app's: the page's and the message's inline styles apply.
      expect(page.headers["content-security-policy"]).toContain("style-src 'unsafe-inline'");
      expect(page.headers["content-security-policy"]).toContain("default-src 'none'");
      expect(page.body).toContain("Back to your preview");
      expect(await mailboxLinksTo(email, "one step away")).toEqual([]);
      expect((await new Browser(stack.gateway).call("GET", "/dev/mailbox/no-such-message")).statusCode).toBe(
        404,
      );
    });

    realPartsOnly(
      "lets a mail client's one-click unsubscribe through from another site, with no session",
      async () => {
        const reply = await new Browser(stack.gateway).call(
          "POST",
          "/api/unsubscribe?token=v1.not-a-real-token",
          "List-Unsubscribe=One-Click",
          {
            "content-type": "application/x-www-form-urlencoded",
            origin: "https://mail.example.org",
            "sec-fetch-site": "cross-site",
          },
        );
        // Past the same-origin guard: the mailer itself answers, refusing the token.
        expect(reply.statusCode).toBe(400);
        expect(reply.body).toContain("latest e-mail");
      },
    );

    realPartsOnly(
      "lets a feedback loop's complaint through from anywhere to the mailer, which checks its token",
      async () => {
        const email = `${uniqueName("complainer")}@example.com`;
        const complain = (authorization: string) =>
          new Browser(stack.gateway).call(
            "POST",
            "/api/webhooks/mail-complaints",
            { email },
            { authorization, origin: "https://fbl.example.org", "sec-fetch-site": "cross-site" },
          );
        const refused = await complain("Bearer not-the-token");
        expect([refused.statusCode, refused.json().message]).toEqual([
          401,
          "A complaint report needs the header Authorization: Bearer <MAIL_COMPLAINTS_SECRET>.",
        ]);
        const accepted = await complain("Bearer complaints-secret-of-the-test-stack-0123456789");
        expect([accepted.statusCode, accepted.json().outcome]).toEqual([200, "suppressed"]);
      },
    );
  },
);
