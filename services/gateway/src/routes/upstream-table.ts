/**
 * Which service owns which public path (docs/product.md#api). Paths outside `/api/` never leave the gateway.
 */
export type ServiceName = "auth" | "catalog" | "billing" | "summariser" | "mailer";

/**
 * Stripe's webhook: called by Stripe's servers, with no session, Origin or CSRF token, and signed over
 * its exact bytes, which billing checks.
 */
export const STRIPE_WEBHOOK_PATH = "/api/webhooks/stripe";

/** An e-mail's unsubscribe link (and its undo), posted by mail clients with the link's signed token. */
export const UNSUBSCRIBE_PATHS = ["/api/unsubscribe", "/api/unsubscribe/undo"] as const;

/** Mailbox providers' spam complaints (feedback loops), posted with the mailer's bearer token. */
export const MAIL_COMPLAINTS_PATH = "/api/webhooks/mail-complaints";

/** Posts that carry their own authority and never a session (see plugins/sessionless-calls.ts). */
export const SESSIONLESS_POSTS: readonly string[] = [
  STRIPE_WEBHOOK_PATH,
  ...UNSUBSCRIBE_PATHS,
  MAIL_COMPLAINTS_PATH,
];

/** The abandonment e-mail: each call may send one, so it is limited per client address. */
export const ABANDONMENT_PATH = "/api/send-abandonment-email";

/** Development only: every e-mail the product sent, served by the mailer (never in production). */
export const DEV_MAILBOX_PATH = "/dev/mailbox";

/**
 * Development only, served by the summariser: this week's digest delivered now, its progress, and the
 * one-process product's clock moved forward.
 */
export const DEV_DIGEST_PATHS = ["/dev/deliver-digest", "/dev/digest-status", "/dev/clock"] as const;

/** Each owner's public paths: the prefix itself and everything below it, never `/internal` or `/metrics`. */
export const UPSTREAM_ROUTES: ReadonlyArray<{ prefix: string; service: ServiceName }> = [
  { prefix: "/api/auth", service: "auth" },
  { prefix: "/api/user/profile", service: "auth" },
  // The account's settings: password, address, the digest's pause, and deleting the account.
  { prefix: "/api/user/password", service: "auth" },
  { prefix: "/api/user/email", service: "auth" },
  { prefix: "/api/user/deliveries", service: "auth" },
  { prefix: "/api/user/account", service: "auth" },
  { prefix: "/api/youtube", service: "catalog" },
  { prefix: "/api/user/channels", service: "catalog" },
  { prefix: "/api/plans", service: "billing" },
  { prefix: "/api/subscribe", service: "billing" },
  { prefix: "/api/subscribe-with-coupon", service: "billing" },
  { prefix: "/api/create-payment-intent", service: "billing" },
  // The subscriber's own plan (GET) and its cancellation (POST /cancel).
  { prefix: "/api/subscription", service: "billing" },
  { prefix: "/api/billing-portal", service: "billing" },
  { prefix: STRIPE_WEBHOOK_PATH, service: "billing" },
  { prefix: "/api/generate-newsletter-preview", service: "summariser" },
  // The landing page's sample of the weekly e-mail.
  { prefix: "/api/sample-newsletter", service: "summariser" },
  { prefix: "/api/process-youtube-video", service: "summariser" },
  // A single summary's price (/quote) and its purchase; then the subscriber's list of them.
  { prefix: "/api/process-individual-video", service: "summariser" },
  { prefix: "/api/single-summaries", service: "summariser" },
  { prefix: "/api/newsletters", service: "summariser" },
  { prefix: "/api/generate-newsletter", service: "summariser" },
  // A video's summary shared by link: made and stopped by its reader, read by anyone with the link.
  { prefix: "/api/shared-summaries", service: "summariser" },
  // The search over every summary the reader received.
  { prefix: "/api/archive", service: "summariser" },
  // The day and hour the reader's weekly digest goes out.
  { prefix: "/api/user/delivery-time", service: "summariser" },
  // What the reader cares about, which orders their digest.
  { prefix: "/api/user/focus", service: "summariser" },
  { prefix: ABANDONMENT_PATH, service: "mailer" },
  { prefix: "/api/unsubscribe", service: "mailer" },
  { prefix: MAIL_COMPLAINTS_PATH, service: "mailer" },
  // A reader's private feed (its secret in the path), and its address in settings.
  { prefix: "/api/feeds", service: "mailer" },
  { prefix: "/api/user/feed", service: "mailer" },
  // Whether the digest is e-mailed at all (an e-mail's unsubscribe), and turning it back on.
  { prefix: "/api/user/email-delivery", service: "mailer" },
];

/**
 * Sign-in, sign-up, sign-in-link and password-reset calls, limited together per client address to slow
 * guessing (and the mail each link is).
 */
export const SIGN_IN_PATHS = [
  "/api/auth/login",
  "/api/auth/register",
  "/api/auth/login-with-email",
  "/api/auth/register-with-email",
  "/api/auth/sign-in-link",
  "/api/auth/sign-in-with-link",
  "/api/auth/send-sign-in-link",
  "/api/auth/password-reset",
  "/api/auth/reset-password",
] as const;

/**
 * Whose account a mailed link (a sign-in, a password reset) opens, asked before the link is spent: counted
 * with the sign-in calls, though it starts no session and so needs none to be stored.
 */
export const LINK_LOOK_UP_PATHS = [
  "/api/auth/sign-in-link/preview",
  "/api/auth/password-reset/preview",
] as const;

/** Channel searches: each one YouTube answers costs a hundredth of the day's quota, so limit them per client. */
export const SEARCH_PATH = "/api/youtube/search";

/**
 * The subscriptions import (catalog's): a file looked up, which may ask YouTube about thousands of channels
 * and so counts with the searches, and the chosen channels followed. Both carry more than the usual body.
 */
export const IMPORT_PREVIEW_PATH = "/api/user/channels/import/preview";
export const IMPORT_PATH = "/api/user/channels/import";

/**
 * Calls that make summaries, which cost model time, or price one (which asks YouTube for the video):
 * limited per client address. The hidden tool has a limit of its own, tighter, since each call also
 * tries its shared password.
 */
export const SUMMARY_PATHS = [
  "/api/generate-newsletter-preview",
  "/api/process-individual-video/quote",
  "/api/process-individual-video",
] as const;
export const SUMMARY_TOOL_PATH = "/api/process-youtube-video";

/**
 * The checkout's calls: each may reach Stripe (a customer, a subscription, a payment), so they are
 * limited per client address.
 */
export const CHECKOUT_PATHS = [
  "/api/create-payment-intent",
  "/api/subscribe",
  "/api/subscribe-with-coupon",
] as const;

/**
 * The signed-in reader's plan: a move's quote, the move, cancelling, resuming and the card portal each ask
 * Stripe, so they are counted with the checkout's calls.
 */
export const PLAN_ROUTES = [
  { method: "GET", path: "/api/subscription/plan-quote" },
  { method: "POST", path: "/api/subscription/plan" },
  { method: "POST", path: "/api/subscription/cancel" },
  { method: "POST", path: "/api/subscription/resume" },
  { method: "POST", path: "/api/billing-portal" },
] as const;

/**
 * Changes to an account that check its password or mail its address (a new password, a move to another
 * address, deleting it): limited per client address, so neither a stolen session's password guesses nor
 * the mail they cause can run on. The method is each path's only one.
 */
export const ACCOUNT_CHANGE_ROUTES = [
  { method: "POST", path: "/api/user/password" },
  { method: "POST", path: "/api/user/email" },
  { method: "DELETE", path: "/api/user/account" },
] as const;

/** A new address's confirmation link, looked up and spent by its page: counted with the sign-in links. */
export const EMAIL_CONFIRM_PATHS = ["/api/user/email/confirm/preview", "/api/user/email/confirm"] as const;

/** A newsletter composed and mailed now: each call may send an e-mail, so it is limited per client address. */
export const NEWSLETTER_NOW_PATH = "/api/generate-newsletter";

/** The owner of a canonical path, matched on whole segments: `/api/user/profiles` is nobody's. */
export function ownerOf(path: string): ServiceName | undefined {
  return UPSTREAM_ROUTES.find((route) => path === route.prefix || path.startsWith(`${route.prefix}/`))
    ?.service;
}
