import type { DigestVideo, KeyPoint } from "@tubedigest/contracts/digest";

/** A video's part of a digest e-mail, as HTML and as text. */
export interface VideoBlock {
  html: string;
  /** The HTML's length in UTF-8, which fitting a digest under Gmail's clipping adds up. */
  htmlBytes: number;
  text: string;
}

/**
 * Renders each video's block once and answers it again for every other reader whose digest shows the
 * same video the same way: a Monday's summaries are each in many digests.
 *
 * What a block shows is the video's title, address, date and thumbnail, its summary (read once per
 * markdown by a remembering reader, whose answers are shared and frozen: the same summary has the same
 * `paragraphs` array) and the key points kept of it (a channel's later video drops points an earlier one
 * made; the kept ones are the reader's own shared objects). The blocks are held per summary answer, so
 * they go when the reader forgets it.
 */
export function rememberingVideoBlocks(render: (video: DigestVideo) => VideoBlock) {
  const blocks = new WeakMap<object, Map<string, VideoBlock>>();
  const pointIds = new WeakMap<KeyPoint, number>();
  let nextPointId = 0;
  const pointId = (point: KeyPoint) => {
    let id = pointIds.get(point);
    if (id === undefined) {
      id = nextPointId++;
      pointIds.set(point, id);
    }
    return id;
  };
  return (video: DigestVideo): VideoBlock => {
    // Answers of the remembering reader are frozen; anything else is rendered as it is.
    if (!Object.isFrozen(video.paragraphs)) return render(video);
    const shown = [
      video.title,
      video.url,
      video.publishedAt,
      video.thumbnail?.url,
      video.keyPoints.map(pointId),
    ].join("\u0000");
    let ofSummary = blocks.get(video.paragraphs);
    if (!ofSummary) {
      ofSummary = new Map();
      blocks.set(video.paragraphs, ofSummary);
    }
    let block = ofSummary.get(shown);
    if (!block) {
      block = render(video);
      ofSummary.set(shown, block);
    }
    return block;
  };
}
