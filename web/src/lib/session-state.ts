import type { ChannelSearchResult } from "./channels.ts";

/**
 * The funnel's memory between screens (docs/product.md#funnel-memory), and the per-e-mail marker of when an
 * abandonment e-mail was last asked for (local storage, so it outlives the tab).
 */
const KEYS = {
  selectedChannels: "selectedChannels",
  selectedPlan: "selectedPlan",
  calculatedPrice: "calculatedPrice",
  userEmail: "userEmail",
} as const;

const ABANDONMENT_PREFIX = "abandonmentEmailSent:";
/** Where a flow that needed a sign-in link goes on once the link is followed (local: the mail opens a new tab). */
const RESUME_KEY = "resumeAfterSignIn";
/** As long as a sign-in link works, and a little more to open it. */
const RESUME_WINDOW_MS = 60 * 60 * 1000;
const ABANDONMENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

// Storage can be missing or refuse writes (private windows, full quota); the funnel then simply forgets.
function read(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

function write(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Nothing to do: see above.
  }
}

const session = () => globalThis.sessionStorage;
const local = () => globalThis.localStorage;

export function readSelectedChannels(): ChannelSearchResult[] {
  const text = read(session, KEYS.selectedChannels);
  if (!text) return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? (parsed as ChannelSearchResult[]) : [];
  } catch {
    return [];
  }
}

export function writeSelectedChannels(channels: readonly ChannelSearchResult[]): void {
  write(session, KEYS.selectedChannels, JSON.stringify(channels));
}

/** The plan chosen on /preview; its presence also tells /preview that checkout has started. */
export function readSelectedPlan(): string | null {
  return read(session, KEYS.selectedPlan);
}

export function writeSelectedPlan(plan: string): void {
  write(session, KEYS.selectedPlan, plan);
}

export function readCalculatedPrice(): number | null {
  const text = read(session, KEYS.calculatedPrice);
  if (text === null || text.trim() === "") return null;
  const price = Number(text);
  return Number.isFinite(price) ? price : null;
}

export function writeCalculatedPrice(price: number): void {
  write(session, KEYS.calculatedPrice, String(price));
}

/**
 * The e-mail given on the landing page; it is also read from local storage (docs/product.md#funnel-memory).
 */
export function readUserEmail(): string | null {
  return read(session, KEYS.userEmail) ?? read(local, KEYS.userEmail);
}

export function writeUserEmail(email: string): void {
  write(session, KEYS.userEmail, email);
}

/** A deleted account's address: nothing in this browser may sign in by it or prefill it again. */
export function forgetUserEmail(): void {
  write(session, KEYS.userEmail, null);
  write(local, KEYS.userEmail, null);
}

export function clearSelectedChannels(): void {
  write(session, KEYS.selectedChannels, null);
}

export function clearSelectedPlan(): void {
  write(session, KEYS.selectedPlan, null);
  write(session, KEYS.calculatedPrice, null);
}

/**
 * After sign-up (docs/product.md#states-and-transitions): everything the funnel kept goes, except the e-mail.
 */
export function clearFunnelExceptEmail(): void {
  clearSelectedChannels();
  clearSelectedPlan();
}

/** On signing out: everything the funnel kept, the e-mail too, so nothing signs the account in again. */
export function forgetFunnel(): void {
  clearFunnelExceptEmail();
  write(session, KEYS.userEmail, null);
  write(local, KEYS.userEmail, null);
}

/** When an abandonment e-mail was last asked for this address (ms since the epoch), if ever. */
export function abandonmentSentAt(email: string): number | null {
  const text = read(local, ABANDONMENT_PREFIX + email.toLowerCase());
  const at = text === null ? Number.NaN : Number(text);
  return Number.isFinite(at) ? at : null;
}

export function markAbandonmentSent(email: string, now: number = Date.now()): void {
  write(local, ABANDONMENT_PREFIX + email.toLowerCase(), String(now));
}

/**
 * Whether one was asked for within the last 7 days (docs/product.md#limits-and-timings), so another must not
 * be.
 */
export function abandonmentRecentlySent(email: string, now: number = Date.now()): boolean {
  const at = abandonmentSentAt(email);
  return at !== null && now - at < ABANDONMENT_WINDOW_MS;
}

/** A flow (checkout for a plan) that waits for this browser to sign in by the link mailed meanwhile. */
export function rememberResumeAfterSignIn(path: string, now: number = Date.now()): void {
  write(local, RESUME_KEY, JSON.stringify({ path, at: now }));
}

/** The path to go on to after signing in by a link, if one was left here within the hour; forgotten once read. */
export function takeResumeAfterSignIn(now: number = Date.now()): string | undefined {
  const text = read(local, RESUME_KEY);
  write(local, RESUME_KEY, null);
  if (!text) return undefined;
  try {
    const { path, at } = JSON.parse(text) as { path?: unknown; at?: unknown };
    const fresh = typeof at === "number" && now - at < RESUME_WINDOW_MS;
    // Only a path of this site: nothing stored can send the reader elsewhere.
    return fresh && typeof path === "string" && /^\/[\w/-]*$/.test(path) ? path : undefined;
  } catch {
    return undefined;
  }
}
