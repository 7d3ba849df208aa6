import { createHash } from "node:crypto";
import type { FakeChannel } from "@tubedigest/testing/youtube";

/**
 * `count` made-up channels whose titles hold `topic`, so the fake Data API's search for the topic finds
 * them. Ids are of YouTube's form ("UC" and 22 characters) and the same on every run.
 */
export function fakeChannelsAbout(topic: string, count: number): FakeChannel[] {
  return Array.from({ length: count }, (_, index) => {
    const digest = createHash("sha256").update(`${topic}/${index}`).digest("base64url");
    const id = `UC${digest.slice(0, 22)}`;
    return {
      id,
      title: `${topic} channel ${index + 1}`,
      description: `A made-up channel about ${topic}, for the benchmarks.`,
      thumbnailUrl: `https://example.invalid/thumbs/${id}.jpg`,
      subscriberCount: 1_000 * (index + 1),
    };
  });
}
