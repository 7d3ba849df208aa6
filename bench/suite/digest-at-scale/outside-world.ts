import {
  defaultFakeResponder,
  type FakeChatRequest,
  type FakeOpenAiApi,
  startFakeOpenAiApi,
} from "@tubedigest/testing/openai";
import {
  type FakeSponsorBlock,
  type FakeYoutubeCaptions,
  startFakeSponsorBlock,
  startFakeYoutubeCaptions,
} from "@tubedigest/testing/transcripts";
import { type FakeYoutubeApi, startFakeYoutubeApi } from "@tubedigest/testing/youtube";
import type { Scenario } from "./scenario.ts";

/** What the services reach outside the product, played by libs/testing's fakes in the bench's own process. */
export interface OutsideWorld {
  /** The model: every answer takes the fixed latency, however many are in flight. */
  model: FakeOpenAiApi;
  /** The Data API catalog checks uploads and describes videos with. */
  youtube: FakeYoutubeApi;
  /** The caption pages the summariser reads transcripts from. */
  captions: FakeYoutubeCaptions;
  /** SponsorBlock, which the summariser asks for every transcript it reads from YouTube. */
  sponsorBlock: FakeSponsorBlock;
  close(): Promise<void>;
}

/** The summariser's own default for the model's context window (OPENAI_CONTEXT_TOKENS). */
const CONTEXT_TOKENS = 128_000;

/** A few minutes of speech, as caption lines of a few seconds each. */
function captionLines(title: string, durationSeconds: number) {
  const count = 40;
  const step = Math.floor(durationSeconds / count);
  return Array.from({ length: count }, (_, index) => ({
    startSeconds: index * step,
    durationSeconds: step,
    text: `In ${title}, part ${index + 1}: what was tried, what happened, and what it means for the next step.`,
  }));
}

/**
 * The week at a glance as a model writes it: a few short lines, each citing listed videos by their refs
 * (v1, v2…). The fake's generic answer would quote whole prompt lines as refs, run past the glance's
 * token cap and leave every digest on the embedded writer.
 */
function modelAnswer(request: FakeChatRequest): string {
  if (request.response_format?.json_schema?.name !== "week_glance") return defaultFakeResponder(request);
  const prompt = request.messages.map((message) => message.content).join("\n");
  const listed = [...prompt.matchAll(/^(v\d+) \| channel: ([^|]+) \|/gm)].slice(0, 3);
  return JSON.stringify({
    lines: listed.map(([, ref, channel]) => ({
      text: `${channel?.trim()} posted this week.`,
      videos: [ref],
    })),
  });
}

export async function startOutsideWorld(scenario: Scenario, modelLatencyMs: number): Promise<OutsideWorld> {
  const model = await startFakeOpenAiApi({
    latencyMs: modelLatencyMs,
    contextTokens: CONTEXT_TOKENS,
    responder: modelAnswer,
  });
  const youtube = await startFakeYoutubeApi();
  const captions = await startFakeYoutubeCaptions();
  const sponsorBlock = await startFakeSponsorBlock();
  for (const channel of scenario.channels) {
    youtube.addChannel({ id: channel.id, title: channel.title, subscriberCount: 1_000 });
  }
  for (const video of scenario.videos) {
    youtube.addVideo({
      id: video.id,
      channelId: video.channelId,
      title: video.title,
      description: video.description,
      publishedAt: video.publishedAt.toISOString(),
      duration: `PT${Math.floor(video.durationSeconds / 60)}M${video.durationSeconds % 60}S`,
    });
    captions.addVideo({
      id: video.id,
      captions: [
        { languageCode: "en", kind: "manual", lines: captionLines(video.title, video.durationSeconds) },
      ],
    });
  }
  return {
    model,
    youtube,
    captions,
    sponsorBlock,
    async close() {
      await Promise.all([model.close(), youtube.close(), captions.close(), sponsorBlock.close()]);
    },
  };
}
