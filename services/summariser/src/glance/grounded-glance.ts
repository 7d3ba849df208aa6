import type { StoredGlanceLine } from "@tubedigest/contracts/digest";
import { type GlanceDraft, type GlanceVideo, MAX_GLANCE_CHARS, MAX_GLANCE_LINES } from "./glance-writer.ts";
import { repeatsKeyPoint } from "./repeated-key-point.ts";
import { joinsOnSubstance } from "./substance.ts";

const folded = (text: string) => text.normalize("NFKC").toLocaleLowerCase("en");

/**
 * The drafts that rest on the digest, as stored: each line cites at least one of its videos and nothing
 * else (unknown refs are dropped, and so is a line left citing none); a line whose videos come from two
 * channels or more must name at least two of those channels, as a story they both covered does; a line
 * citing several videos must say what their summaries share (joinsOnSubstance), not what their titles
 * happen to; a line quoting a key point printed below it, said twice, empty or too long is dropped. At
 * most five, and none where none rests on the digest.
 */
export function groundedGlance(
  drafts: readonly GlanceDraft[],
  videos: readonly GlanceVideo[],
): StoredGlanceLine[] {
  const byRef = new Map(videos.map((video) => [video.ref, video]));
  const said = new Set<string>();
  const lines: StoredGlanceLine[] = [];
  for (const draft of drafts) {
    const text = draft.text.replace(/\s+/g, " ").trim();
    const cited = [...new Set(draft.refs)].flatMap((ref) => byRef.get(ref) ?? []);
    if (text === "" || text.length > MAX_GLANCE_CHARS || cited.length === 0 || said.has(folded(text)))
      continue;
    const channels = [...new Set(cited.map((video) => video.channel))];
    const named = channels.filter((channel) => folded(text).includes(folded(channel)));
    if (channels.length > 1 && named.length < 2) continue;
    if (cited.length > 1 && !joinsOnSubstance(text, cited)) continue;
    if (repeatsKeyPoint(text, cited)) continue;
    said.add(folded(text));
    lines.push({ text, videoUrls: cited.map((video) => video.url) });
    if (lines.length === MAX_GLANCE_LINES) break;
  }
  return lines;
}
