import type { SummaryRow } from "../store/summary-repository.ts";

/** The abandonment e-mail quotes at most 3 points (docs/product.md#limits-and-timings). */
const MAX_BULLETS = 3;
/** A sentence shorter than this says too little to stand alone (docs/product.md#limits-and-timings). */
const MIN_SENTENCE_LENGTH = 30;
/** The most one point may hold in the preview.shown event. */
const MAX_BULLET_LENGTH = 500;

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();
const bounded = (text: string) =>
  text.length <= MAX_BULLET_LENGTH ? text : `${text.slice(0, MAX_BULLET_LENGTH - 1).trimEnd()}…`;

/**
 * Up to 3 points of a summary for the abandonment e-mail (docs/product.md#limits-and-timings): its key points
 * (the bold text of the preview), else the paragraph's sentences over 30 characters.
 */
export function previewBullets(summary: SummaryRow): string[] {
  const points = (summary.key_points ?? []).map((point) => oneLine(point.text)).filter(Boolean);
  const chosen =
    points.length > 0
      ? points
      : (oneLine(summary.paragraph ?? "").match(/[^.!?]+[.!?]+/g) ?? [])
          .map((sentence) => sentence.trim())
          .filter((sentence) => sentence.length > MIN_SENTENCE_LENGTH);
  return chosen.slice(0, MAX_BULLETS).map(bounded);
}
