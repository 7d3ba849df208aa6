import { isTimeZone } from "@tubedigest/contracts/time-zone";
import { HttpError } from "@tubedigest/http/http-error";
import { messages } from "./messages.ts";

/** Longer than any IANA name (30 characters): enough to recognise a typo, not a page of echoed text. */
const SHOWN_LENGTH = 40;

/**
 * The zone to store for a name the browser sent: the runtime's canonical spelling of a zone it knows
 * ("europe/berlin" is "Europe/Berlin"), so one zone is stored one way. Anything else is a 400 naming it.
 */
export function checkTimeZone(name: string): string {
  if (!isTimeZone(name)) throw new HttpError(400, messages.unknownTimeZone(shownName(name)));
  return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
}

/**
 * The name as it can safely be read back: control, invisible and unpaired characters (`\p{C}`: NUL, a
 * lone surrogate, a direction override) shown as U+FFFD, and cut after 40 characters.
 */
function shownName(name: string): string {
  const characters = [...name].map((character) => (/\p{C}/u.test(character) ? "\uFFFD" : character));
  const shown = characters.slice(0, SHOWN_LENGTH).join("");
  return characters.length > SHOWN_LENGTH ? `${shown}…` : shown;
}
