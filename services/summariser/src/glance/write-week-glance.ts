import type { StoredGlanceLine } from "@tubedigest/contracts/digest";
import type { SummariserContext } from "../shared/summariser-context.ts";
import { extractiveGlance } from "./extractive-glance-writer.ts";
import { type GlanceVideo, MIN_GLANCE_LINES } from "./glance-writer.ts";
import { groundedGlance } from "./grounded-glance.ts";

/**
 * The week at a glance a digest opens with: the configured writer's lines, kept only where they rest on
 * the digest's own videos (groundedGlance), topped up to three by the embedded writer's when fewer
 * survive. A model that cannot be asked costs the digest nothing: the embedded writer's lines are used.
 * Where neither has anything honest to say, there is no glance: the digest opens with its channels.
 * Both writers lead with what the reader's focus asks for (null for none).
 */
export async function writeWeekGlance(
  context: Pick<SummariserContext, "glanceWriter" | "log">,
  videos: readonly GlanceVideo[],
  focus: string | null = null,
): Promise<StoredGlanceLine[]> {
  if (videos.length === 0) return [];
  let written: StoredGlanceLine[] = [];
  try {
    written = groundedGlance(await context.glanceWriter.write(videos, focus), videos);
  } catch (error) {
    context.log.warn(
      { err: error, writer: context.glanceWriter.name },
      "week at a glance: the embedded writer's instead",
    );
  }
  if (written.length >= MIN_GLANCE_LINES) return written;
  const said = new Set(written.map((line) => line.text));
  const cited = new Set(written.flatMap((line) => line.videoUrls));
  // A line about videos the glance already speaks of would tell the same story again in other words.
  const topUp = groundedGlance(extractiveGlance(videos, focus), videos).filter(
    (line) => !said.has(line.text) && line.videoUrls.some((url) => !cited.has(url)),
  );
  return [...written, ...topUp].slice(0, MIN_GLANCE_LINES);
}
