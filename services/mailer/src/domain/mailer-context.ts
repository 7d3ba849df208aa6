import type { RecordEvent } from "@tubedigest/bus";
import type { Kysely } from "kysely";
import type { MailerDatabase } from "../store/database.ts";
import type { MailTemplates } from "../templates/template-data.ts";
import type { MailerMetrics } from "./mailer-metrics.ts";

export interface MailerLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** The site's pages an e-mail links to, all absolute. */
export interface SiteLinks {
  /**
   * The newsletter preview the landing page leads to; with the previewed channel's (public) YouTube id,
   * `/preview?channel=`, so the page opened from an e-mail in a new tab can show that preview again.
   */
  preview(channelId: string | null): string;
  dashboard: string;
  settings: string;
  /** Settings › Subscription: the plan, its card (Stripe's portal, 'Manage Billing'), cancelling and 'Resume'. */
  subscriptionSettings: string;
  subscribe: string;
  /**
   * A newsletter's page, `/newsletters/{id}`, with the token of its "Read in your browser" link when the
   * summariser made one (a reader not signed in on the device reads it with it).
   */
  newsletter(newsletterId: string, token: string | undefined): string;
  /** `…/sign-in/link?token=` + the token. */
  signInLink(token: string): string;
  /** `…/reset-password?token=` + the token: sets a new password. */
  passwordReset(token: string): string;
  /** The page that mails a sign-in link to an address. */
  signInLinkRequest: string;
  /** `…/confirm-email?token=` + the token: confirms a move to a new address. */
  confirmEmail(token: string): string;
  privacy: string;
  /** `…/api/unsubscribe?token=` + the token. */
  unsubscribe(token: string): string;
  /** A reader's private feed, `…/api/feeds/` + its secret. */
  feed(token: string): string;
  /** The dashboard's list of past newsletters. */
  newsletters: string;
}

/** What the mailer's operations work with, built once at start-up. */
export interface MailerContext {
  db: Kysely<MailerDatabase>;
  templates: MailTemplates;
  links: SiteLinks;
  /** Signs and checks unsubscribe tokens. */
  unsubscribeKey: Buffer;
  unsubscribeMailto: string | undefined;
  /** The domain mail is sent and signed from: every Message-ID and List-Id is on it. */
  mailDomain: string;
  recordEvent: RecordEvent<MailerDatabase>;
  /** Tells the dispatcher new messages wait (after their transaction commits). */
  wakeDispatcher(): void;
  log: MailerLogger;
  now: () => Date;
  metrics: MailerMetrics;
  /** How long a landing-page sign-up's welcome waits, so that leaving the preview meanwhile folds into it. */
  landingWelcomeDelayMs: number;
}
