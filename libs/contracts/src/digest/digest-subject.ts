import type { DigestPeriod } from "../delivery-time.ts";

/** Channel titles named before "and N more"; each cut so the subject stays readable in an inbox. */
const NAMED_CHANNELS = 2;
const TITLE_LENGTH = 60;

function shortTitle(title: string): string {
  const line = title.replace(/\s+/g, " ").trim();
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1).trimEnd()}…` : line;
}

/**
 * A digest's subject line: "Your week of 23 November: Pocket Orbit, Copper Pan Kitchen and 3 more", or a
 * daily digest's "Your Sunday, 6 December: Pocket Orbit". `when` is the week's Monday in words ("23
 * November"), or the day's ("Sunday, 6 December"); `channelTitles` are the channels with new videos, in
 * the digest's order. The e-mail, the archive and the preview all show this line.
 */
export function digestSubject(
  when: string,
  channelTitles: readonly string[],
  period: DigestPeriod = "week",
): string {
  const titles = channelTitles.map(shortTitle).filter((title) => title !== "");
  const named = titles.slice(0, NAMED_CHANNELS);
  const more = titles.length - named.length;
  const list =
    more > 0
      ? `${named.join(", ")} and ${more} more`
      : named.length > 1
        ? `${named.slice(0, -1).join(", ")} and ${named.at(-1)}`
        : (named[0] ?? "");
  const opening = period === "day" ? `Your ${when}` : `Your week of ${when}`;
  return list === "" ? opening : `${opening}: ${list}`;
}
