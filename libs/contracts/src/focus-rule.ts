/**
 * A reader's focus ("engine design, not news") as it is kept and counted: the summariser's rule and the
 * settings page's live count, one rule. Pure, without TypeBox, so the web app bundles it.
 */

/** The longest focus a reader may keep, in characters (code points, as the server counts them). */
export const MAX_FOCUS_CHARS = 280;

/** A focus as it is kept and shown back, on one line: blanks of any kind one space, none at either end. */
export const oneLineFocus = (text: string): string => text.replace(/\s+/gu, " ").trim();

/** How long a focus is as its limit counts it: in characters, once on one line. */
export const focusLength = (text: string): number => [...oneLineFocus(text)].length;
