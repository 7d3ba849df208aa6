/** Every e-mail the product sends; each has an MJML template, a text part and a preheader. */
export const TEMPLATE_NAMES = [
  "digest",
  "single-video-summary",
  "single-video-failed",
  "abandonment",
  "welcome",
  "trial-ending",
  "receipt",
  "trial-plan-chosen",
  "plan-changed",
  "plan-change-scheduled",
  "payment-failed",
  "cancellation",
  "plan-resumed",
  "sign-in-link",
  "password-reset",
  "password-changed",
  "email-change-confirmation",
  "email-change-notice",
  "email-change-address-taken",
  "account-deleted",
] as const;

export type TemplateName = (typeof TEMPLATE_NAMES)[number];
