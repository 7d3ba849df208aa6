/**
 * The preview's markdown cut where the blur starts: the digest's heading, the first channel and its first
 * video stay readable; every later video and channel is shown blurred, as the teaser of a paid plan.
 */
export function splitPreview(markdown: string): { readable: string; blurred: string } {
  const lines = markdown.split("\n");
  let videosSeen = 0;
  const cut = lines.findIndex((line) => {
    if (line.startsWith("### ")) videosSeen += 1;
    return videosSeen === 2 || (videosSeen === 1 && line.startsWith("## "));
  });
  if (cut === -1) return { readable: markdown, blurred: "" };
  return { readable: lines.slice(0, cut).join("\n"), blurred: lines.slice(cut).join("\n") };
}
