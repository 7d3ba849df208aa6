import { focusLength, MAX_FOCUS_CHARS, oneLineFocus } from "@tubedigest/contracts/focus-rule";
import type { ReaderFocusReply } from "@tubedigest/contracts/reader-focus";
import { HttpError } from "@tubedigest/http/http-error";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { RecipientRepository } from "../store/recipient-repository.ts";

export const focusMessages = {
  notText: "Please send what you care about as text (empty text clears it).",
  tooLong: `Please keep what you care about to ${MAX_FOCUS_CHARS} characters or fewer.`,
  unreadable:
    "Part of what you care about could not be read as text. Please type it again, without special or invisible characters.",
  onlyFocus: "Only focus can be set.",
} as const;

// Control characters, bidirectional overrides (which would turn the text round where it is shown, in the
// e-mail too), lone surrogates, and U+FFFD, which stands where the request's bytes were not UTF-8.
const UNREADABLE = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069\uFFFD]/u;

/**
 * The reader says what they care about, in their own words; their next digests are ordered for it. It
 * is shown back on one line (settings, "Ordered for: …" atop the digest), so blanks of any kind,
 * line breaks too, count as one space, and none at either end. Nothing left clears it.
 */
export async function changeFocus(
  context: Pick<SummariserContext, "db">,
  userId: string,
  written: string,
): Promise<ReaderFocusReply> {
  const focus = oneLineFocus(written);
  if (UNREADABLE.test(focus)) throw new HttpError(400, focusMessages.unreadable);
  if (focusLength(focus) > MAX_FOCUS_CHARS) throw new HttpError(400, focusMessages.tooLong);
  await new RecipientRepository(context.db).setFocus(userId, focus === "" ? null : focus);
  return { focus: focus === "" ? null : focus };
}
