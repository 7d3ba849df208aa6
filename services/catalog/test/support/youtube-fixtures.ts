import { randomBytes } from "node:crypto";
import type { FakeChannel, FakeVideo } from "@tubedigest/testing/youtube";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const randomId = (length: number) =>
  Array.from(randomBytes(length), (byte) => ALPHABET[byte % ALPHABET.length]).join("");

/** A made-up channel id of YouTube's form: "UC" and 22 characters. */
export const channelId = () => `UC${randomId(22)}`;
/** A made-up video id of YouTube's form: 11 characters. */
export const videoId = () => randomId(11);

export function fakeChannel(overrides: Partial<FakeChannel> = {}): FakeChannel {
  const id = overrides.id ?? channelId();
  return {
    id,
    title: `Fixture channel ${id.slice(2, 8)}`,
    description: "A made-up channel for tests.",
    thumbnailUrl: `https://example.invalid/thumbs/${id}.jpg`,
    subscriberCount: 1000,
    ...overrides,
  };
}

const HOUR = 60 * 60 * 1000;

export function fakeVideo(channel: FakeChannel, overrides: Partial<FakeVideo> & { hoursAgo?: number } = {}) {
  const { hoursAgo = 24, ...rest } = overrides;
  const video: FakeVideo = {
    id: videoId(),
    channelId: channel.id,
    title: "A fixture video",
    publishedAt: new Date(Date.now() - hoursAgo * HOUR).toISOString(),
    duration: "PT10M",
    liveBroadcastContent: "none",
    ...rest,
  };
  return video;
}
