import type { TemplateName } from "./template-names.ts";

/** A video in a digest, with its summary as the summariser wrote it (markdown). */
export interface DigestVideo {
  title: string;
  url: string;
  /** ISO 8601. */
  publishedAt: string;
  summaryMarkdown: string;
}

/** What a single-video summary costs: held on the card, or a test charge that takes no money. */
export interface SingleVideoCharge {
  amountCents: number;
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
    /** e.g. "Week of 23 November 2026". */
    weekLabel: string;
    /** The subject the newsletter is stored under in the history; made from the channels when absent. */
    subject?: string | undefined;
    channels: { title: string; videos: DigestVideo[] }[];
    /** The week at a glance: each line and the addresses of the videos it cites (none before there was one). */
    glance?: { text: string; videoUrls: string[] }[] | undefined;
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
    charge: SingleVideoCharge | null;
    dashboardUrl: string;
  };
  "single-video-failed": {
    recipientName: string | null;
    title: string;
    url: string;
    /** The charge released; null for a purchase made before prices were shown. */
    charge: SingleVideoCharge | null;
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
  };
  "trial-ending": { recipientName: string | null; trialEndsAt: string; subscribeUrl: string };
  receipt: {
    recipientName: string | null;
    planName: string;
    amountCents: number;
    periodEnd: string;
    /** A plan activated in test mode: no money was taken, and the receipt says so. */
    testMode: boolean;
    settingsUrl: string;
  };
  cancellation: { recipientName: string | null; planName: string; accessUntil: string; settingsUrl: string };
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
