import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import {
  SingleSummaryCharge,
  SingleSummaryOrder,
  singleSummaryOrderExample,
} from "./single-summary-order.ts";

export const VideoSummarisedData = Type.Object({
  ...SingleSummaryOrder.properties,
  title: Type.String({ maxLength: 500 }),
  url: Type.String({ format: "uri" }),
  /** The summary as markdown: key points with their deep links, then the paragraph. */
  markdown: Type.String({ maxLength: 20_000 }),
  /** "description" when the video had no captions and the summary says so. */
  basis: Type.Union([Type.Literal("transcript"), Type.Literal("description")]),
  /** What the subscriber is charged for it (billing captures the hold). */
  charge: Type.Optional(SingleSummaryCharge),
});
export type VideoSummarisedData = Static<typeof VideoSummarisedData>;

/**
 * Emitted by the summariser when a single summary is ready; the mailer mails it to the
 * subscriber and billing captures the held charge.
 */
export const videoSummarised = defineEvent({
  name: "video.summarised",
  version: 1,
  schema: VideoSummarisedData,
  example: {
    ...singleSummaryOrderExample,
    title: "Rocket engines: a beginner's guide",
    url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
    markdown:
      "- **Thrust comes from pushing mass backwards** ([0:42](https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42s))",
    basis: "transcript",
    charge: { amountCents: 199, testMode: false },
  },
});
