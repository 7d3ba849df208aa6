import { beforeAll, describe, expect, it } from "vitest";
import { compileMjml } from "./compile-mjml.ts";
import { compileTemplates } from "./compile-templates.ts";
import { SAMPLE_DATA, SAMPLE_SITE, sampleDigest, sampleSummary } from "./sample-template-data.ts";
import { TEMPLATE_SOURCES } from "./sources/index.ts";
import type { RenderedMail, TemplateData } from "./template-data.ts";
import { TEMPLATE_NAMES, type TemplateName } from "./template-names.ts";

/**
 * Every e-mail exactly as it goes out, kept in `golden/` beside the templates: a change to any of them
 * (a style, a word, a link, the digest's layout) shows as a diff of that file in review, and is accepted
 * with `npx vitest run -u services/mailer/src/templates/golden-mail.test.ts`. The other template tests
 * check what an e-mail must say; these catch everything else it says changing unnoticed.
 */
// MJML is compiled once for the file (a child process, about a second); the compiled HTML is cut at its
// placeholders in each test, so that cutting is checked too.
let compiledMjml: Map<string, string>;
beforeAll(async () => {
  compiledMjml = await compileMjml(
    TEMPLATE_NAMES.map((name) => ({ name, mjml: TEMPLATE_SOURCES[name].mjml })),
  );
});

type Case<Name extends TemplateName = TemplateName> = [string, Name, TemplateData[Name]];
const variant = <Name extends TemplateName>(label: string, name: Name, data: TemplateData[Name]): Case =>
  [label, name, data] as Case;

/** Each template's sample, then the branches a sample does not take. */
const CASES: Case[] = [
  ...TEMPLATE_NAMES.map((name) => variant(name, name, SAMPLE_DATA[name])),
  variant("digest-stored-subject-no-name-no-glance", "digest", {
    ...sampleDigest(2, 1),
    recipientName: null,
    subject: "Your week of 23 November:\tPocket Orbit\nand more",
    glance: [],
  }),
  // More than an e-mail shows: channels take turns, and the week is cut where the HTML would pass its room.
  variant("digest-cut-short", "digest", {
    ...sampleDigest(4, 1),
    channels: sampleDigest(7, 12).channels.map((channel, index) => ({
      ...channel,
      videos: channel.videos.slice(0, [12, 1, 3, 0, 9, 2, 12][index]),
    })),
  }),
  variant("digest-ordered-for-focus", "digest", {
    ...sampleDigest(2, 1),
    focus: "engine <design> & “birds”, not news",
  }),
  variant("digest-one-channel-one-video", "digest", {
    ...sampleDigest(1, 1),
    channels: [
      {
        title: "Pocket Orbit",
        videos: [
          {
            title: "Why <rockets> & “boosters” land",
            url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
            publishedAt: "2026-11-20T08:00:00Z",
            summaryMarkdown: `${sampleSummary("dQw4w9WgXcQ")}\n\n## Landing (3:10)\n\n- **The legs open late** ([3:12](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=192s))`,
          },
        ],
      },
    ],
  }),
  variant("single-video-summary-description-test-charge", "single-video-summary", {
    ...SAMPLE_DATA["single-video-summary"],
    recipientName: null,
    basis: "description",
    charge: { amountCents: 199, testMode: true },
  }),
  variant("single-video-summary-no-charge", "single-video-summary", {
    ...SAMPLE_DATA["single-video-summary"],
    charge: null,
  }),
  variant("single-video-failed-test-charge", "single-video-failed", {
    ...SAMPLE_DATA["single-video-failed"],
    charge: { amountCents: 399, testMode: true },
  }),
  variant("single-video-failed-no-charge", "single-video-failed", {
    ...SAMPLE_DATA["single-video-failed"],
    recipientName: null,
    charge: null,
  }),
  variant("abandonment-no-channel-no-points", "abandonment", {
    ...SAMPLE_DATA.abandonment,
    channelName: null,
    summaryBullets: [],
  }),
  variant("welcome-carrying-the-preview", "welcome", {
    ...SAMPLE_DATA.welcome,
    recipientName: null,
    preview: {
      channelName: "Pocket Orbit",
      summaryBullets: ["One point.", "Two points.", "Three.", "Four."],
    },
  }),
  variant("welcome-carrying-a-preview-without-channel", "welcome", {
    ...SAMPLE_DATA.welcome,
    preview: { channelName: null, summaryBullets: [] },
  }),
  variant("welcome-after-a-digest", "welcome", { ...SAMPLE_DATA.welcome, digestSent: true }),
  variant("trial-ending-named", "trial-ending", { ...SAMPLE_DATA["trial-ending"], recipientName: " Ana " }),
  variant("trial-ending-no-plan", "trial-ending", { ...SAMPLE_DATA["trial-ending"], nextPlan: null }),
  variant("trial-ending-test-mode", "trial-ending", {
    ...SAMPLE_DATA["trial-ending"],
    nextPlan: { planName: "Solo", amountCents: 499, cardSaved: false, testMode: true },
  }),
  variant("trial-ending-no-card", "trial-ending", {
    ...SAMPLE_DATA["trial-ending"],
    nextPlan: { planName: "Pro", amountCents: 2999, cardSaved: false, testMode: false },
  }),
  variant("receipt-test-mode", "receipt", { ...SAMPLE_DATA.receipt, testMode: true, amountCents: 100_050 }),
  variant("trial-plan-chosen-test-mode", "trial-plan-chosen", {
    ...SAMPLE_DATA["trial-plan-chosen"],
    testMode: true,
  }),
  variant("plan-changed-nothing-charged", "plan-changed", {
    ...SAMPLE_DATA["plan-changed"],
    planName: "Solo",
    priceCents: 499,
    chargedCents: 0,
  }),
  variant("plan-changed-test-mode", "plan-changed", { ...SAMPLE_DATA["plan-changed"], testMode: true }),
  variant("plan-change-undone", "plan-change-scheduled", {
    ...SAMPLE_DATA["plan-change-scheduled"],
    nextPlan: null,
  }),
  variant("payment-failed-last-attempt", "payment-failed", {
    ...SAMPLE_DATA["payment-failed"],
    nextAttemptAt: null,
  }),
  variant("password-changed-first-password", "password-changed", {
    ...SAMPLE_DATA["password-changed"],
    recipientName: null,
    firstPassword: true,
  }),
];

function asFile(mail: RenderedMail): string {
  return [
    `Subject: ${mail.subject}`,
    `Preheader: ${mail.preheader}`,
    "",
    "----- text -----",
    mail.text,
    "----- html -----",
    mail.html,
    "",
  ].join("\n");
}

describe("every e-mail as it goes out", () => {
  it.each(CASES)("%s", async (label, name, data) => {
    const templates = await compileTemplates(SAMPLE_SITE, TEMPLATE_SOURCES, async () => compiledMjml);
    await expect(asFile(templates.render(name, data as never))).toMatchFileSnapshot(`golden/${label}.txt`);
  });
});
