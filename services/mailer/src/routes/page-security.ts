/**
 * The mailer's own pages (unsubscribe, the development mailbox) carry their styles inline and run no
 * script: their policy allows exactly that, in place of the web app's, which admits stylesheets from the
 * site only. A message shown in the mailbox keeps its inline styles and its images; nothing in it runs.
 */
export const PAGE_SECURITY_POLICY = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  "img-src https: data:",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join("; ");
