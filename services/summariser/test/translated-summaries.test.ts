import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  SummarySection,
  SummaryWriter,
  WrittenSummary,
} from "../src/adapters/summary-writers/summary-writer.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import { channelId, digestEvents, payingReaderIn } from "./support/digest-events.ts";
import {
  generateNewsletterNow,
  type SummariserUnderTest,
  startSummariser,
} from "./support/summariser-harness.ts";
import { plainSummary } from "./support/test-writers.ts";

const CHAPTERED = channelId("c");
const TITLE = "Une visite en trois parties";
const SECTIONS: SummarySection[] = [
  { title: "Le début", startSeconds: 0, keyPoints: [{ text: "On commence au port.", startSeconds: 5 }] },
  { title: "La fin", startSeconds: 600, keyPoints: [{ text: "On finit au phare.", startSeconds: 610 }] },
];

/**
 * A reader who chose another language than the video's gets the stored original translated: chapters,
 * language and basis as the original was written, not as a summary is by default (English, one part,
 * from a transcript). Postgres and RabbitMQ; the writer is the test's own.
 */
describe("a summary in the reader's language, translated from the stored original (Postgres, RabbitMQ)", () => {
  const catalog = catalogStandIn([{ id: "chaptered01", channelId: CHAPTERED, title: TITLE, hoursAgo: 3 }]);
  const asked: { summary: WrittenSummary; language: string; title: string }[] = [];
  const writer: SummaryWriter = {
    name: "translating",
    version: "1",
    // A French video with chapters, summarised from its description.
    async write(input) {
      return { ...plainSummary(input), sections: SECTIONS, language: "fr", basis: "description" };
    },
    async translate(summary, language, title) {
      asked.push({ summary, language, title });
      const translated = (text: string) => `[${language}] ${text}`;
      return {
        ...summary,
        keyPoints: summary.keyPoints.map((point) => ({ ...point, text: translated(point.text) })),
        paragraph: translated(summary.paragraph),
        language,
      };
    },
  };
  let summariser: SummariserUnderTest;

  beforeAll(async () => {
    summariser = await startSummariser({ writer, catalog: catalog.client });
  });
  afterAll(() => summariser.stop());

  it("hands the writer the original's chapters, language and basis, under the video's title", async () => {
    const events = digestEvents(summariser.testBus.bus, summariser.database.db);
    const userId = await payingReaderIn(events, "de", [CHAPTERED, "En Route"]);
    const reply = await generateNewsletterNow(summariser.app, userId);
    expect(reply.statusCode, reply.body).toBe(200);

    const original = await summariser.database.db
      .selectFrom("summaries")
      .select(["key_points", "paragraph"])
      .where("video_id", "=", "chaptered01")
      .where("asked_language", "=", "")
      .executeTakeFirstOrThrow();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toEqual({
      summary: expect.objectContaining({
        keyPoints: original.key_points,
        paragraph: original.paragraph,
        sections: SECTIONS,
        language: "fr",
        basis: "description",
        model: "test-writer",
      }),
      language: "de",
      title: TITLE,
    });
    const translation = await summariser.database.db
      .selectFrom("summaries")
      .select(["language", "translated_from", "sections"])
      .where("video_id", "=", "chaptered01")
      .where("asked_language", "=", "de")
      .executeTakeFirstOrThrow();
    expect(translation).toEqual({ language: "de", translated_from: "fr", sections: SECTIONS });
  });
});
