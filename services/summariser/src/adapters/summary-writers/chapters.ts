/** A chapter of a video, as its description lists them: its title and where it starts. */
export interface Chapter {
  title: string;
  startSeconds: number;
}

/** YouTube's own rules for chapters: at least three, the first at 0:00, each at least ten seconds long. */
const LEAST_CHAPTERS = 3;
const SHORTEST_CHAPTER_SECONDS = 10;
const MAX_TITLE_CHARS = 100;

const TIME = String.raw`(?:(\d{1,2}):)?(\d{1,2}):(\d{2})`;
/** "0:00 Intro", "- 01:15 - The sauce", "[1:02:03] Outro", "(2:30) Plating". */
const TIME_FIRST = new RegExp(
  String.raw`^\s*(?:[-–•*▶►]\s*)?[([]?${TIME}[)\]]?\s*(?:[-–—:|.]\s*)?(.+?)\s*$`,
  "u",
);
/** "Intro - 0:00", "The sauce (1:15)". */
const TIME_LAST = new RegExp(
  String.raw`^\s*(?:[-–•*]\s*)?(.+?)\s*(?:[-–—:|]\s*)?[([]?${TIME}[)\]]?\s*$`,
  "u",
);

const secondsOf = (hours = "0", minutes = "0", seconds = "0") =>
  Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);

/**
 * A video's chapters from the timestamps in its description, read as YouTube reads them: lines that
 * start (or end) with a time, the first at 0:00, in order, each at least ten seconds before the next
 * and the video's end. None when the description does not list chapters by those rules.
 */
export function chaptersOf(description: string, durationSeconds: number | null): Chapter[] {
  const chapters: Chapter[] = [];
  for (const line of description.split(/\r?\n/)) {
    const first = TIME_FIRST.exec(line);
    const last = first ? null : TIME_LAST.exec(line);
    const match = first
      ? { time: first.slice(1, 4), title: first[4] }
      : last
        ? { time: last.slice(2, 5), title: last[1] }
        : null;
    if (!match || Number(match.time[2]) >= 60 || (match.time[0] && Number(match.time[1]) >= 60)) continue;
    const title = (match.title ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_TITLE_CHARS);
    if (title === "" || /^https?:\/\//.test(title)) continue;
    chapters.push({ title, startSeconds: secondsOf(...(match.time as [string, string, string])) });
  }
  if (chapters.length < LEAST_CHAPTERS || chapters[0]?.startSeconds !== 0) return [];
  const ends = [
    ...chapters.slice(1).map((chapter) => chapter.startSeconds),
    durationSeconds ?? Number.POSITIVE_INFINITY,
  ];
  const inOrder = chapters.every(
    (chapter, i) => (ends[i] ?? Number.POSITIVE_INFINITY) - chapter.startSeconds >= SHORTEST_CHAPTER_SECONDS,
  );
  return inOrder ? chapters : [];
}

/** Videos at least this long with chapters are summarised chapter by chapter. */
export const LONG_VIDEO_SECONDS = 30 * 60;

/** Each item put under the chapter it falls in (by its time), chapters in order; items before the first are left out. */
export function byChapter<T extends { startSeconds: number }>(
  items: readonly T[],
  chapters: readonly Chapter[],
): T[][] {
  const groups: T[][] = chapters.map(() => []);
  for (const item of items) {
    let index = -1;
    for (const [i, chapter] of chapters.entries()) if (chapter.startSeconds <= item.startSeconds) index = i;
    if (index >= 0) groups[index]?.push(item);
  }
  return groups;
}
