import type { DigestInline } from "./digest.ts";

/** The most words a lead phrase has: a longer opening before a colon is a clause, not a label. */
const MAX_LEAD_WORDS = 6;
/** Text up to the first colon that a space follows ("10:30" and "https://" are no leads). */
const LEAD = /^([^:]+):(?=\s+\S)/;

/**
 * A key point's runs with its lead phrase bold, when it opens with one: "Regenerative cooling: the fuel
 * runs through the nozzle walls" leads with "Regenerative cooling:". A point that opens otherwise (with
 * emphasis or a link, a clause longer than a few words before its colon, no colon) is left as it is, so
 * the one bold phrase in a point is one that names what it is about. Pure: the web app's digest view and
 * the e-mail read key points through it alike.
 */
export function withBoldLead(runs: DigestInline[]): DigestInline[] {
  const [first, ...rest] = runs;
  if (first?.kind !== "text") return runs;
  const lead = LEAD.exec(first.text)?.[1];
  if (lead === undefined || lead.trim() !== lead || !/\p{L}/u.test(lead)) return runs;
  if (lead.split(/\s+/).length > MAX_LEAD_WORDS) return runs;
  return [
    { kind: "strong", text: `${lead}:` },
    { kind: "text", text: first.text.slice(lead.length + 1) },
    ...rest,
  ];
}
