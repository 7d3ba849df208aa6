/**
 * `url` when it is an absolute http(s) address. Every link in an e-mail must open from a mail client
 * (no relative paths) and must not run anything (no `javascript:`), so anything else is a bug in
 * whoever asked for the e-mail, and it is refused rather than sent.
 */
export function httpUrl(url: string): string {
  if (!/^https?:\/\/[^\s]+$/i.test(url))
    throw new Error(`Not an absolute http(s) link: ${JSON.stringify(url)}`);
  return url;
}

/** The settings page on the same site as `anyProductUrl`, for the footer of every e-mail. */
export function settingsUrl(anyProductUrl: string): string {
  return new URL("/settings", httpUrl(anyProductUrl)).href;
}
