import Type, { type Static } from "typebox";
import { defineEvent } from "../contract.ts";

export const VideoPublishedData = Type.Object({
  youtubeVideoId: Type.String({ minLength: 1 }),
  youtubeChannelId: Type.String({ minLength: 1 }),
  title: Type.String({ maxLength: 500 }),
  publishedAt: Type.String({ format: "date-time" }),
  /** Null when YouTube gave no length. */
  durationSeconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
});
export type VideoPublishedData = Static<typeof VideoPublishedData>;

/**
 * Emitted by catalog when a followed channel's check finds a new video a digest will carry (Shorts and
 * streams not yet over are left out; a stream is announced once it has ended): the summariser
 * summarises it then, so Monday composes from stored summaries.
 */
export const videoPublished = defineEvent({
  name: "video.published",
  version: 1,
  schema: VideoPublishedData,
  example: {
    youtubeVideoId: "UBZkHdEg7-z",
    youtubeChannelId: "UCUgQ2RdSQEDg0c-29ODtQEX",
    title: "Rocket engines: a beginner's guide",
    publishedAt: "2026-11-22T18:00:00.000Z",
    durationSeconds: 754,
  },
});
