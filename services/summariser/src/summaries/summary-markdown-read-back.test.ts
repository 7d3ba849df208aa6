import { inlineText, readDigestMarkdown, readVideoSummary } from "@tubedigest/contracts/digest";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { SummaryRow } from "../store/summary-repository.ts";
import { channelHeading, clockTime, summaryMarkdown, videoHeading } from "./summary-markdown.ts";

const summary = (points: { text: string; startSeconds: number | null }[], paragraph: string) =>
  ({ key_points: points, paragraph, basis: "transcript" }) as SummaryRow;

/** How the writer tidies text: one line, trimmed. */
const oneLine = (text: string) => text.replace(/[\r\n\t]+/g, " ").trim();

// The mailer, the archive page and the preview read what this service writes with the shared reader: any
// text a model or a video's title may hold comes back as the same words, never as markdown or a link.
describe("a summary's markdown, read back by the digest reader", () => {
  const text = fc
    .string({ unit: "grapheme-ascii", minLength: 1, maxLength: 80 })
    .filter((t) => oneLine(t) !== "");

  it("gives back every key point's words, at normal weight but a short lead, with its moment", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ text, startSeconds: fc.option(fc.nat({ max: 20_000 })) }), { maxLength: 5 }),
        text,
        (points, paragraph) => {
          const read = readVideoSummary(summaryMarkdown("dQw4w9WgXcQ", summary(points, paragraph)));
          // Bold is only ever a lead of a few words before a colon, the first run; the rest is plain.
          for (const point of read.keyPoints) {
            const [first, ...rest] = point.text;
            if (first?.kind === "strong") expect(first.text).toMatch(/^(\S+ ){0,5}\S+:$/);
            expect(rest.every((run) => run.kind === "text")).toBe(true);
          }
          expect(read.keyPoints.map((point) => ({ ...point, text: inlineText(point.text) }))).toEqual(
            points.map((point) => ({
              text: oneLine(point.text),
              moment:
                point.startSeconds === null
                  ? null
                  : {
                      label: clockTime(point.startSeconds),
                      url: `https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=${point.startSeconds}s`,
                    },
            })),
          );
          expect(read.paragraphs).toEqual([
            { note: false, text: [{ kind: "text", text: oneLine(paragraph) }] },
          ]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it("gives back each chapter's title and points, and the note on its source", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ title: text, startSeconds: fc.nat({ max: 20_000 }), point: text }), {
          minLength: 1,
          maxLength: 4,
        }),
        (chapters) => {
          const row = {
            ...summary([], "A paragraph."),
            transcript_kind: "automatic",
            transcript_language: "pt-BR",
            sections: chapters.map((chapter) => ({
              title: chapter.title,
              startSeconds: chapter.startSeconds,
              keyPoints: [{ text: chapter.point, startSeconds: chapter.startSeconds }],
            })),
          } as SummaryRow;
          const read = readVideoSummary(summaryMarkdown("dQw4w9WgXcQ", row));
          expect(read.sections?.map((section) => section.title)).toEqual(
            chapters.map((c) => oneLine(c.title)),
          );
          // A chapter's points read as the video's do: the same words, bold only as a short lead.
          expect(read.sections?.map((section) => inlineText(section.keyPoints[0]?.text ?? []))).toEqual(
            chapters.map((c) => oneLine(c.point)),
          );
          expect(read.source).toEqual({
            origin: "automatic-captions",
            language: "Brazilian Portuguese",
            translatedInto: null,
          });
          expect(read.paragraphs).toEqual([{ note: false, text: [{ kind: "text", text: "A paragraph." }] }]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives back channel and video titles as text, whatever characters they hold", () => {
    fc.assert(
      fc.property(text, text, (channel, video) => {
        const digest = readDigestMarkdown(
          `${channelHeading(channel)}\n\n${videoHeading("dQw4w9WgXcQ", video)}`,
        );
        expect(digest.channels[0]?.title).toBe(oneLine(channel));
        expect(digest.channels[0]?.videos[0]).toMatchObject({
          title: oneLine(video),
          url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
        });
      }),
      { numRuns: 1000 },
    );
  });
});
