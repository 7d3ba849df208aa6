import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";
import {
  SingleSummaryCharge,
  SingleSummaryOrder,
  singleSummaryOrderExample,
} from "./single-summary-order.ts";

export const VideoSummaryFailedData = Type.Object({
  ...SingleSummaryOrder.properties,
  /** Why, in words a subscriber can read. */
  reason: Type.String({ maxLength: 500 }),
  /** The video's title, for telling the subscriber which summary could not be made. */
  title: Type.Optional(Type.String({ maxLength: 500 })),
  /** The charge that is released, not taken. */
  charge: Type.Optional(SingleSummaryCharge),
});
export type VideoSummaryFailedData = Static<typeof VideoSummaryFailedData>;

/**
 * Emitted by the summariser when a single summary cannot be made; billing releases the
 * held charge and the mailer tells the subscriber that nothing was charged.
 */
export const videoSummaryFailed = defineEvent({
  name: "video-summary.failed",
  version: 1,
  schema: VideoSummaryFailedData,
  example: {
    ...singleSummaryOrderExample,
    reason: "The model kept answering in a shape we cannot use.",
    title: "Rocket engines: a beginner's guide",
    charge: { amountCents: 199, testMode: false },
  },
});
