import { languageName } from "@tubedigest/contracts/digest";
import type { WrittenSummary } from "../summary-writer.ts";
import { translationFormat } from "./answer-formats.ts";
import { type Ask, newRun } from "./ask-model.ts";

/**
 * A summary in another language, in one call: its points, paragraph and chapter titles translated as they
 * stand (times and sections kept), for a reader who asked for that language.
 */
export async function translateSummary(
  ask: Ask,
  model: string,
  summary: WrittenSummary,
  language: string,
  title: string,
): Promise<WrittenSummary> {
  const sections = summary.sections ?? [];
  const points = [...summary.keyPoints, ...sections.flatMap((section) => section.keyPoints)];
  const name = languageName(language) ?? language;
  const run = newRun({ title, language: summary.language }, new AbortController().signal);
  const numbered = (texts: string[]) =>
    texts.map((text, i) => `${i + 1}. ${text.replace(/\s+/g, " ")}`).join("\n");
  const material = [
    "Points:",
    numbered(points.map((point) => point.text)),
    "Paragraph:",
    summary.paragraph,
    "Chapter titles:",
    numbered(sections.map((section) => section.title)),
  ].join("\n");
  const format = translationFormat(points.length, sections.length);
  const answer = await ask(run, { kind: "translation", language, name }, material, format);
  const translated = points.map((point, i) => ({ ...point, text: answer.points[i] ?? point.text }));
  let next = summary.keyPoints.length;
  return {
    ...summary,
    keyPoints: translated.slice(0, summary.keyPoints.length),
    paragraph: answer.paragraph,
    sections: sections.map((section, i) => {
      const keyPoints = translated.slice(next, next + section.keyPoints.length);
      next += section.keyPoints.length;
      return { ...section, title: answer.titles[i] || section.title, keyPoints };
    }),
    language,
    model,
    usage: run.usage,
  };
}
