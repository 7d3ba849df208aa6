/**
 * How auth asks the gateway to sign a browser in: it answers with this header holding the user id, and
 * the gateway starts a fresh session for that user and removes the header before the browser sees it.
 * The gateway honours it only on answers from auth.
 */
export const SESSION_USER_HEADER = "x-tubedigest-session-user";

/**
 * How auth asks the gateway to end every session of a user but the one this answer goes to: it answers
 * with this header holding the user id when a password is set or changed, or an address is proven, so
 * whoever signed in before that moment is signed out. Like the session directive, honoured only on
 * answers from auth and removed before the browser sees it.
 */
export const END_OTHER_SESSIONS_HEADER = "x-tubedigest-end-other-sessions";

/**
 * How auth asks the gateway to end every session of a user, this one included, and to have the browser
 * forget its cookies: it answers with this header holding the user id when the account is deleted. Like
 * the others, honoured only on answers from auth and removed before the browser sees it.
 */
export const END_ALL_SESSIONS_HEADER = "x-tubedigest-end-all-sessions";

/**
 * Auth's proof that a browser made a password-less account. Auth signs and reads it; the gateway asks
 * auth whose live claim it is before forwarding a visitor's action to another service (so the path is
 * all of `/api`), and clears it at sign-out, so the next person at that browser is not signed in by it.
 */
export const CLAIM_COOKIE = { name: "td_claim", path: "/api" } as const;

/** Where claim cookies were kept before they were read beyond auth; cleared at sign-out until they expire. */
export const EARLIER_CLAIM_COOKIE_PATH = "/api/auth";
