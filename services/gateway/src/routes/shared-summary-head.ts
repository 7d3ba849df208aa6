import { readVideoSummary } from "@tubedigest/contracts/digest";
import { youtubeVideoId } from "@tubedigest/contracts/youtube-video-url";

/** What the summariser answers for a shared summary: all a link preview needs. */
export interface SharedSummaryPreview {
  title: string;
  url: string;
  channel: string;
  summaryMarkdown: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** At most `length` characters, cut between words, with "…". */
function clipped(text: string, length: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= length) return flat;
  return `${flat.slice(0, length + 1).replace(/\s+\S*$/, "")}…`;
}

/**
 * The video's larger frame for a link preview: "hqdefault", 480 × 360, which every video has (previews
 * want more than the 320 × 180 the e-mail uses).
 */
function previewImage(url: string): { url: string; width: number; height: number } | undefined {
  const videoId = youtubeVideoId(url);
  return videoId
    ? { url: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`, width: 480, height: 360 }
    : undefined;
}

/** A preview's text: the summary's key points, or its paragraph when it has none. */
function descriptionOf(share: SharedSummaryPreview): string {
  const summary = readVideoSummary(share.summaryMarkdown);
  const points = summary.keyPoints.map((point) => point.text.map((run) => run.text).join(""));
  const paragraph =
    summary.paragraphs
      .find((p) => !p.note)
      ?.text.map((run) => run.text)
      .join("") ?? "";
  return clipped(points.length > 0 ? points.join(" · ") : paragraph, 200);
}

/**
 * The web app's index.html with the head a shared summary's link preview reads (link-preview bots run no
 * JavaScript): its title, a description from its key points, the video's thumbnail, Open Graph and
 * Twitter card tags, and noindex (a shared link is for whoever it was sent to, not for search engines).
 * Every value is escaped; the page's own description is replaced rather than doubled.
 */
export function withSharedSummaryHead(
  indexHtml: string,
  share: SharedSummaryPreview,
  page: { url: string | undefined },
): string {
  const title = `${clipped(share.title, 120)} — summarised by tubedigest`;
  const description = descriptionOf(share);
  const image = previewImage(share.url);
  const tags = [
    `<meta name="robots" content="noindex" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:site_name" content="tubedigest" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    ...(page.url ? [`<meta property="og:url" content="${escapeHtml(page.url)}" />`] : []),
    ...(image
      ? [
          `<meta property="og:image" content="${escapeHtml(image.url)}" />`,
          `<meta property="og:image:width" content="${image.width}" />`,
          `<meta property="og:image:height" content="${image.height}" />`,
          `<meta property="og:image:alt" content="${escapeHtml(share.title)}" />`,
        ]
      : []),
    `<meta name="twitter:card" content="${image ? "summary_large_image" : "summary"}" />`,
    `<meta name="twitter:title" content="${escapeHtml(title)}" />`,
    `<meta name="twitter:description" content="${escapeHtml(description)}" />`,
  ];
  // Replacer functions, not strings: in a string, `$'`, `$&` and the like in a title would be read as
  // pieces of the page and copy them into it.
  return indexHtml
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta\s+name="description"[^>]*>/i,
      () => `<meta name="description" content="${escapeHtml(description)}" />`,
    )
    .replace(/\s*<\/head>/i, () => `\n    ${tags.join("\n    ")}\n  </head>`);
}
