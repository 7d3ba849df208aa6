import type { DigestPeriod } from "@tubedigest/contracts/delivery-time";
import type { TemplateName } from "./template-names.ts";

/** A video in a digest, with its summary as the summariser wrote it (markdown). */
export interface DigestVideo {
  title: string;
  url: string;
  /** ISO 8601. */
  publishedAt: string;
  summaryMarkdown: string;
}

/** What a single summary costs: held on the card, or a test charge that takes no money. */
export interface SingleSummaryCharge {
  amountCents: number;
  testMode: boolean;
}

/** A plan chosen during the trial, as its reminder describes the first charge. */
export interface TrialPlan {
  planName: string;
  /** What the first charge takes, at the trial's end. */
  amountCents: number;
  /** A card is saved to take it. */
  cardSaved: boolean;
  /** Chosen in test mode: nothing is charged. */
  testMode: boolean;
}

/** What a visitor's preview showed, as the summariser recorded it: an e-mail may quote it. */
export interface PreviewShown {
  /** The first chosen channel's title; null when the visitor chose none. */
  channelName: string | null;
  /** At most 3. */
  summaryBullets: string[];
}

/**
 * What each template is filled with. Dates arrive as ISO 8601 instants and are written out by the
 * template; amounts arrive in cents; every link is absolute (https in production).
 */
export interface TemplateData {
  digest: {
    recipientName: string | null;
    /** e.g. "Week of 23 November 2026", or a daily digest's "Sunday 6 December 2026". */
    weekLabel: string;
    /** A daily digest says "your day" where a weekly one says "your week"; weekly when absent. */
    period?: DigestPeriod | undefined;
    /** The subject the newsletter is stored under in the history; made from the channels when absent. */
    subject?: string | undefined;
    channels: { title: string; videos: DigestVideo[] }[];
    /** The week at a glance: each line and the addresses of the videos it cites (none before there was one). */
    glance?: { text: string; videoUrls: string[] }[] | undefined;
    /** What the reader cares about, which the channels and videos are ordered for; absent for none. */
    focus?: string | undefined;
    /** The newsletter's page, /newsletters/{id}, with its signed token when the summariser gave one. */
    archiveUrl: string;
    dashboardUrl: string;
    unsubscribeUrl: string;
  };
  "single-video-summary": {
    recipientName: string | null;
    title: string;
    url: string;
    summaryMarkdown: string;
    /** "description": the video had no captions, and the e-mail says so. */
    basis: "transcript" | "description";
    /** What it costs; null for a purchase made before prices were shown. */
    charge: SingleSummaryCharge | null;
    dashboardUrl: string;
  };
  "single-video-failed": {
    recipientName: string | null;
    title: string;
    url: string;
    /** The charge released; null for a purchase made before prices were shown. */
    charge: SingleSummaryCharge | null;
    dashboardUrl: string;
  };
  abandonment: PreviewShown & {
    /** Where to pick up: the newsletter preview. */
    continueUrl: string;
    /** One-click unsubscribe: no more reminders, nor digests. */
    unsubscribeUrl: string;
  };
  welcome: {
    recipientName: string | null;
    trialEndsAt: string;
    dashboardUrl: string;
    /** The newsletter preview, which a landing-page visitor is invited back to. */
    previewUrl: string;
    /** The preview the visitor left before this welcome went out: the welcome is then the reminder too. */
    preview: PreviewShown | null;
    /** A digest has reached the reader already: the welcome does not promise the first. */
    digestSent: boolean;
  };
  /** Three days before the free days end: what happens then. */
  "trial-ending": {
    recipientName: string | null;
    trialEndsAt: string;
    /** The plan chosen during the trial, which starts then; null when none was (the digests stop). */
    nextPlan: TrialPlan | null;
    subscribeUrl: string;
    subscriptionUrl: string;
  };
  /** A plan paid for now: what was charged today. */
  receipt: {
    recipientName: string | null;
    planName: string;
    amountCents: number;
    /** When it renews. */
    periodEnd: string;
    /** A plan activated in test mode: no money was taken, and the receipt says so. */
    testMode: boolean;
    subscriptionUrl: string;
  };
  /** A plan chosen during the free days: nothing charged today, the first month when they end. */
  "trial-plan-chosen": {
    recipientName: string | null;
    planName: string;
    /** The monthly price, first charged at `startsAt`. */
    priceCents: number;
    startsAt: string;
    /** Chosen in test mode: nothing is charged, then or later. */
    testMode: boolean;
    subscriptionUrl: string;
  };
  /** The plan in force changed: up at once (what the move charged), or a move down reaching its date. */
  "plan-changed": {
    recipientName: string | null;
    planName: string;
    /** The new plan's monthly price. */
    priceCents: number;
    /** What the move itself charged today: a move up's prorated difference; 0 when nothing was. */
    chargedCents: number;
    testMode: boolean;
    subscriptionUrl: string;
  };
  /** A move down scheduled for the period's end, or (`nextPlan` null) such a move undone. */
  "plan-change-scheduled": {
    recipientName: string | null;
    /** The plan in force until `effectiveAt`. */
    planName: string;
    nextPlan: { planName: string; priceCents: number } | null;
    effectiveAt: string;
    testMode: boolean;
    subscriptionUrl: string;
  };
  /** The saved card was declined for a charge Stripe tries again (or no more: `nextAttemptAt` null). */
  "payment-failed": {
    recipientName: string | null;
    planName: string;
    amountCents: number;
    nextAttemptAt: string | null;
    subscriptionUrl: string;
  };
  cancellation: {
    recipientName: string | null;
    planName: string;
    accessUntil: string;
    subscriptionUrl: string;
  };
  /** A cancellation undone before the period's end. */
  "plan-resumed": {
    recipientName: string | null;
    planName: string;
    /** Where the cancelled plan would have ended; it goes on past it. */
    wouldHaveEndedAt: string;
    subscriptionUrl: string;
  };
  "sign-in-link": { link: string; expiresAt: string };
  /** The link that sets a new password (`/reset-password?token=`), single use until `expiresAt`. */
  "password-reset": { link: string; expiresAt: string };
  "password-changed": {
    recipientName: string | null;
    /** The account had no password before (made on the landing page). */
    firstPassword: boolean;
    changedAt: string;
    /** The page that mails a sign-in link, for an owner whose password someone else changed. */
    signInLinkUrl: string;
  };
  /** To the new address: the link that makes the move. */
  "email-change-confirmation": { link: string; expiresAt: string };
  /** To the current address: that a move was asked for, without the link. */
  "email-change-notice": {
    recipientName: string | null;
    newEmail: string;
    requestedAt: string;
    settingsUrl: string;
  };
  /**
   * To an address another account already has, asked for as an account's new one: that nothing changed,
   * and a way to sign in (the sign-in-link page), with no link that changes anything.
   */
  "email-change-address-taken": { requestedAt: string; signInLinkUrl: string };
  /** The one e-mail after an account is deleted, before its address is suppressed. */
  "account-deleted": { privacyUrl: string };
}

/** A message ready to send: its subject, the preheader (first line a mail client shows), HTML and text. */
export interface RenderedMail {
  subject: string;
  preheader: string;
  html: string;
  text: string;
}

/** Templates compiled once (at start), filled per recipient. */
export interface MailTemplates {
  render<Name extends TemplateName>(name: Name, data: TemplateData[Name]): RenderedMail;
}
