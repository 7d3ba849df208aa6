import type { Static } from "typebox";
import { defineEvent } from "../contract.ts";
import { SingleSummaryOrder, singleSummaryOrderExample } from "./single-summary-order.ts";

export const VideoSummaryRequestedData = SingleSummaryOrder;
export type VideoSummaryRequestedData = Static<typeof VideoSummaryRequestedData>;

/**
 * Emitted by the summariser when a subscriber buys the summary of one video and its charge is held; the
 * summariser's own worker makes the summary, so the purchase survives a restart and retries with back-off.
 */
export const videoSummaryRequested = defineEvent({
  name: "video-summary.requested",
  version: 1,
  schema: VideoSummaryRequestedData,
  example: singleSummaryOrderExample,
});
