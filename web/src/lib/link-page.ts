/**
 * A mailed link's page (a sign-in, an address confirmation, a password reset) keeps its token and, once it
 * worked, what it showed, for this tab only (session storage): the token leaves the address bar at once,
 * so it is not kept in history or handed on in a copied address, yet reloading the page shows where it
 * stood — the question again before the click, the done state after it — instead of "already used".
 */
export type LinkPage = "sign-in-link" | "confirm-email" | "reset-password";

const tokenKey = (page: LinkPage) => `linkPage:${page}:token`;
const outcomeKey = (page: LinkPage) => `linkPage:${page}:outcome`;

// Storage can be missing or refuse writes (private windows); the page then simply forgets, as before.
function storage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // Nothing to do: see above.
  }
}

/**
 * The page's token: the address bar's (taken out of it, and a fresh link forgets the last one's outcome),
 * else the one kept from before a reload; "" when there is none.
 */
export function takeLinkToken(page: LinkPage): string {
  const fromAddress = new URLSearchParams(window.location.search).get("token");
  window.history.replaceState(window.history.state, "", window.location.pathname);
  if (fromAddress !== null) {
    write(tokenKey(page), fromAddress);
    write(outcomeKey(page), null);
    return fromAddress;
  }
  return storage()?.getItem(tokenKey(page)) ?? "";
}

/** The link worked: its token is spent and forgotten; what the page showed is kept for a reload. */
export function rememberLinkOutcome<Outcome>(page: LinkPage, outcome: Outcome): void {
  write(tokenKey(page), null);
  write(outcomeKey(page), JSON.stringify(outcome));
}

/** The link did not work (spent, expired, not one): a reload shows that again rather than asking anew. */
export function forgetLinkToken(page: LinkPage): void {
  write(tokenKey(page), null);
}

/** What the page showed when its link worked in this tab, if it did. */
export function recallLinkOutcome<Outcome>(page: LinkPage): Outcome | undefined {
  const text = storage()?.getItem(outcomeKey(page));
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Outcome;
  } catch {
    return undefined;
  }
}
