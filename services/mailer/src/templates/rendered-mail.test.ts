import { type ParsedMail, simpleParser } from "mailparser";
import MailComposer from "nodemailer/lib/mail-composer";
import { beforeAll, describe, expect, it } from "vitest";
import { compileTemplates } from "./compile-templates.ts";
import { SAMPLE_DATA, SAMPLE_SITE, sampleSummary } from "./sample-template-data.ts";
import type { MailTemplates, RenderedMail } from "./template-data.ts";
import { TEMPLATE_NAMES } from "./template-names.ts";

let templates: MailTemplates;
beforeAll(async () => {
  templates = await compileTemplates(SAMPLE_SITE);
});

/** The message as a mail client gets it: composed into MIME by nodemailer, parsed back by mailparser. */
async function delivered(mail: RenderedMail): Promise<ParsedMail> {
  const raw = await new MailComposer({
    from: "tubedigest <digest@tubedigest.example>",
    to: "ana@example.com",
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  })
    .compile()
    .build();
  return simpleParser(raw);
}

/** The footer's link to the support address, in every e-mail. */
const SUPPORT_LINK = `mailto:${SAMPLE_SITE.supportEmail}`;

function hrefsOf(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((match) => (match[1] ?? "").replaceAll("&amp;", "&"));
}

describe.each(TEMPLATE_NAMES)("the %s e-mail", (name) => {
  it("arrives with its subject, an HTML part with the preheader, a text part and only absolute http(s) links", async () => {
    const mail = templates.render(name, SAMPLE_DATA[name] as never);
    const parsed = await delivered(mail);

    expect(parsed.subject).toBe(mail.subject);
    expect(mail.subject.length).toBeGreaterThan(0);
    const html = parsed.html || "";
    expect(html).toContain("<!doctype html>");
    expect(html).toMatch(
      new RegExp(`<div style="display:none;[^"]*">${escapeForHtmlRegExp(mail.preheader)}</div>`),
    );
    expect(html).not.toMatch(/\{\{|\}\}/);
    expect(parsed.text?.trim().length).toBeGreaterThan(100);
    expect(parsed.text).not.toMatch(/<[a-z]|\{\{/i);

    // Absolute http(s), a jump within the message (the digest's contents to its channels), or the
    // support address.
    const links = hrefsOf(html).filter((link) => !/^#channel-\d+$/.test(link) && link !== SUPPORT_LINK);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(new URL(link).protocol).toMatch(/^https?:$/);
  });

  it("ends with who runs tubedigest and where to write, in both parts", async () => {
    const mail = templates.render(name, SAMPLE_DATA[name] as never);
    const line = "tubedigest is run by Tubedigest Ltd. Questions? Write to support@tubedigest.example.";
    expect(mail.text.endsWith(`${line}\n`)).toBe(true);
    expect(mail.html).toContain(
      `tubedigest is run by Tubedigest Ltd. Questions? Write to <a href="mailto:support@tubedigest.example"`,
    );
    expect((await delivered(mail)).text?.trimEnd().endsWith(line)).toBe(true);
  });
});

function escapeForHtmlRegExp(text: string): string {
  const html = text.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
  return html.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

describe("subjects", () => {
  it.each([
    ["digest", "Your week of 23 November 2026: Pocket Orbit, Copper Pan Kitchen and 3 more"],
    ["welcome", "Welcome to tubedigest: your 7-day trial has started"],
    ["trial-ending", "Your Premium plan starts on 30 November 2026: $9.99 to your saved card"],
    ["receipt", "Receipt for your Premium plan: $9.99"],
    ["trial-plan-chosen", "Your Premium plan starts on 30 November 2026"],
    ["plan-changed", "Your plan is now Pro: $13.33 charged today"],
    ["plan-change-scheduled", "Your plan moves to Premium on 23 December 2026"],
    ["payment-failed", "Your payment for Premium did not go through"],
    ["cancellation", "Your Premium plan is cancelled: access until 23 December 2026"],
    ["plan-resumed", "Your Premium plan is resumed"],
    ["sign-in-link", "Your tubedigest sign-in link"],
    ["password-reset", "Reset your tubedigest password"],
    ["single-video-summary", "Your summary: How reusable rockets land"],
    ["single-video-failed", 'We could not summarise "How reusable rockets land": you were not charged'],
    ["abandonment", "Your weekly digest of Pocket Orbit is one step away"],
    ["email-change-address-taken", "This address already has a tubedigest account"],
  ] as const)("%s: %s", (name, subject) => {
    expect(templates.render(name, SAMPLE_DATA[name] as never).subject).toBe(subject);
  });

  it("without a stored subject, names the week's first two channels as the summariser's subjects do", () => {
    const channels = (count: number) => ({
      ...SAMPLE_DATA.digest,
      channels: SAMPLE_DATA.digest.channels.slice(0, count),
    });
    expect(templates.render("digest", channels(1)).subject).toBe(
      "Your week of 23 November 2026: Pocket Orbit",
    );
    expect(templates.render("digest", channels(2)).subject).toBe(
      "Your week of 23 November 2026: Pocket Orbit and Copper Pan Kitchen",
    );
    expect(templates.render("digest", channels(4)).subject).toBe(
      "Your week of 23 November 2026: Pocket Orbit, Copper Pan Kitchen and 2 more",
    );
  });

  it("takes the subject a newsletter is stored under, on one line", () => {
    const stored = { ...SAMPLE_DATA.digest, subject: "Your week of 23 November:\r\nPocket Orbit" };
    expect(templates.render("digest", stored).subject).toBe("Your week of 23 November: Pocket Orbit");
  });

  it("says a test-mode receipt took no money, and an abandonment e-mail without a channel still reads", () => {
    const receipt = templates.render("receipt", { ...SAMPLE_DATA.receipt, testMode: true });
    expect(receipt.subject).toBe("Receipt for your Premium plan (no charge: test mode)");
    expect(receipt.text).toContain("Charged today: No charge: test mode");
    expect(receipt.html).toContain("no money was taken");
    expect(receipt.html).not.toContain("$9.99");
    const abandonment = templates.render("abandonment", { ...SAMPLE_DATA.abandonment, channelName: null });
    expect(abandonment.subject).toBe("Your weekly digest is one step away");
  });

  it("writes amounts as en-US dollars with two decimals", () => {
    const receipt = templates.render("receipt", { ...SAMPLE_DATA.receipt, amountCents: 2999_00 + 1 });
    expect(receipt.subject).toBe("Receipt for your Premium plan: $2,999.01");
  });
});

describe("content", () => {
  it("gives the sign-in link's expiry and says it works once", () => {
    const mail = templates.render("sign-in-link", SAMPLE_DATA["sign-in-link"]);
    expect(mail.text).toContain("It works once, until 14:05 UTC on 23 November 2026.");
    expect(hrefsOf(mail.html)).toContain(SAMPLE_DATA["sign-in-link"].link);
  });

  it("says the password-reset link works once, for an hour, and that an owner who didn't ask can ignore it", () => {
    const data = SAMPLE_DATA["password-reset"];
    const mail = templates.render("password-reset", data);
    expect(mail.text).toContain("It works once, for an hour: until 14:35 UTC on 23 November 2026.");
    expect(mail.text).toContain(
      "If you didn't ask, ignore this e-mail: nothing changes, and your password stays as it is.",
    );
    expect(mail.html).toContain(
      "The link works once, for an hour: until <strong>14:35 UTC on 23 November 2026",
    );
    expect(mail.html).toContain("If you didn't ask, ignore this e-mail: nothing changes");
    expect(hrefsOf(mail.html)).toContain(data.link);
    expect(mail.text).toContain(data.link);
  });

  it("tells the owner of an address asked for as another account's that nothing changed, linking only to signing in", () => {
    const data = SAMPLE_DATA["email-change-address-taken"];
    const mail = templates.render("email-change-address-taken", data);
    expect(mail.text).toContain("nothing changed");
    expect(mail.text).toContain(`Email me a sign-in link: ${data.signInLinkUrl}`);
    expect(new Set(hrefsOf(mail.html))).toEqual(
      new Set([data.signInLinkUrl, "https://tubedigest.example/settings", SUPPORT_LINK]),
    );
  });

  it("tells the current address of a move asked for without the link, true whether the new address was free", () => {
    const mail = templates.render("email-change-notice", SAMPLE_DATA["email-change-notice"]);
    expect(mail.text).toContain("nothing changes unless the move is confirmed from there");
    expect(hrefsOf(mail.html)).toEqual([
      "https://tubedigest.example/settings",
      "https://tubedigest.example/settings",
      SUPPORT_LINK,
    ]);
  });

  it("quotes at most three bullets in the abandonment e-mail", () => {
    const bullets = ["One point", "Two points", "Three points", "Four points"];
    const mail = templates.render("abandonment", { ...SAMPLE_DATA.abandonment, summaryBullets: bullets });
    expect(mail.html).toContain("Three points");
    expect(mail.html).not.toContain("Four points");
    expect(mail.text).toContain("- Three points");
  });

  it("says when a summary was made without captions: first in the preheader, once in the body (the summary's own line)", () => {
    const note = "_Summarised from the video's title and description: it has no captions._";
    const mail = templates.render("single-video-summary", {
      ...SAMPLE_DATA["single-video-summary"],
      summaryMarkdown: `- **The title says it all.**\n\nA short paragraph.\n\n${note}`,
      basis: "description",
    });
    expect(mail.preheader).toContain("no captions");
    expect(mail.text.match(/no captions/g)).toHaveLength(1);
    // The HTML also carries the preheader, hidden, at its top.
    expect(mail.html.match(/no captions/g)).toHaveLength(2);
  });

  it("says what a single summary cost: the amount charged to the card, or a test charge that took nothing", () => {
    const charged = templates.render("single-video-summary", SAMPLE_DATA["single-video-summary"]);
    expect(charged.text).toContain("Price: $1.99, charged to the card of your subscription.");
    expect(charged.html).toContain("Price: $1.99, charged to the card of your subscription.");
    const test = templates.render("single-video-summary", {
      ...SAMPLE_DATA["single-video-summary"],
      charge: { amountCents: 399, testMode: true },
    });
    expect(test.text).toContain("Price: $3.99, a test charge: no money was taken.");
    const before = templates.render("single-video-summary", {
      ...SAMPLE_DATA["single-video-summary"],
      charge: null,
    });
    expect(before.text).not.toContain("Price:");
  });

  it("says a summary that could not be made was not charged, and what was released", () => {
    const failed = templates.render("single-video-failed", SAMPLE_DATA["single-video-failed"]);
    expect(failed.preheader).toBe(
      "You were not charged: the $3.99 held on your card was released. You can try again later from your dashboard, or choose another video.",
    );
    expect(failed.text).toContain("You were not charged: the $3.99 held on your card was released.");
    expect(failed.html).toContain("How reusable rockets land");
    expect(hrefsOf(failed.html)).toContain(SAMPLE_DATA["single-video-failed"].dashboardUrl);
    const test = templates.render("single-video-failed", {
      ...SAMPLE_DATA["single-video-failed"],
      charge: { amountCents: 199, testMode: true },
    });
    expect(test.text).toContain("You were not charged: the $1.99 test charge was released.");
  });

  it("puts the unsubscribe link in the digest's footer", () => {
    const mail = templates.render("digest", SAMPLE_DATA.digest);
    expect(hrefsOf(mail.html)).toContain(SAMPLE_DATA.digest.unsubscribeUrl);
    expect(mail.text).toContain(`Unsubscribe: ${SAMPLE_DATA.digest.unsubscribeUrl}`);
  });

  it("writes the digest's summaries as text for people: key points with their moments, no markdown", () => {
    const mail = templates.render("digest", SAMPLE_DATA.digest);
    expect(mail.text).toContain(
      "- The first stage separates two and a half minutes in, well before the booster runs dry (vid000x0000) (1:00, https://youtu.be/vid000x0000?t=60)",
    );
    expect(mail.text).not.toMatch(/\*\*|\]\(/);
  });
});

describe("hostile data", () => {
  const SCRIPT = `<script>alert("x")</script>`;
  const IMG = "<img src=x onerror=alert(1)>";

  it("escapes titles, names and channel names", async () => {
    const [video] = SAMPLE_DATA.digest.channels[0]?.videos ?? [];
    if (!video) throw new Error("The sample digest has a video");
    const digest = templates.render("digest", {
      ...SAMPLE_DATA.digest,
      recipientName: IMG,
      channels: [
        {
          title: `Pocket ${SCRIPT}`,
          videos: [{ ...video, title: `Launch ${SCRIPT}` }],
        },
      ],
    });
    const summary = templates.render("single-video-summary", {
      ...SAMPLE_DATA["single-video-summary"],
      title: `Rockets ${SCRIPT}`,
    });
    const abandonment = templates.render("abandonment", {
      ...SAMPLE_DATA.abandonment,
      channelName: IMG,
      summaryBullets: [SCRIPT],
    });
    for (const mail of [digest, summary, abandonment]) {
      const html = (await delivered(mail)).html || "";
      expect(html).not.toMatch(/<script/i);
      // The only pictures are the digest's thumbnails, from YouTube's image host.
      for (const tag of html.match(/<img[^>]*>/gi) ?? [])
        expect(tag).toMatch(/^<img src="https:\/\/i\.ytimg\.com\/vi\//);
      expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    }
    expect(abandonment.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
  });

  it("keeps only the text of a summary's javascript: link, and its raw HTML as text", async () => {
    const markdown = `${sampleSummary("abc")}\n\nSee [x](javascript:alert(1)) and ${IMG} and \\<b\\>bold\\</b\\>.`;
    const mail = templates.render("single-video-summary", {
      ...SAMPLE_DATA["single-video-summary"],
      summaryMarkdown: markdown,
    });
    const html = (await delivered(mail)).html || "";
    expect(html).toContain("See x and &lt;img src=x onerror=alert(1)&gt; and &lt;b&gt;bold&lt;/b&gt;.");
    expect(html).not.toMatch(/javascript:|<img|<b>/);
    for (const link of hrefsOf(html).filter((link) => link !== SUPPORT_LINK))
      expect(link).toMatch(/^https?:\/\//);
    expect(mail.text).toContain("See x and <img src=x onerror=alert(1)> and <b>bold</b>.");
  });

  it("refuses to send a link that is not absolute http(s)", () => {
    expect(() =>
      templates.render("sign-in-link", { ...SAMPLE_DATA["sign-in-link"], link: "javascript:alert(1)" }),
    ).toThrow(/Not an absolute http\(s\) link/);
    expect(() => templates.render("welcome", { ...SAMPLE_DATA.welcome, dashboardUrl: "/dashboard" })).toThrow(
      /Not an absolute http\(s\) link/,
    );
  });
});
