/**
 * How auth asks the gateway to sign a browser in: it answers with this header holding the user id, and
 * the gateway starts a fresh session for that user and removes the header before the browser sees it.
 * The gateway honours it only on answers from auth.
 */
export const SESSION_USER_HEADER = "x-tubedigest-session-user";
