// `@tubedigest/testing/transcripts`: the fakes of what a video's transcript comes from (YouTube's
// caption pages and InnerTube, the PO-token provider, the proxy in front of them, the transcript API, yt-dlp) and of SponsorBlock.
export { type FakePoTokenProvider, startFakePoTokenProvider } from "./fake-po-token-provider.ts";
export { type FakeProxy, type FakeProxyOptions, startFakeProxy } from "./fake-proxy.ts";
export {
  type FakeSponsorBlock,
  type FakeSponsorSegment,
  startFakeSponsorBlock,
} from "./fake-sponsorblock.ts";
export {
  type FakeTranscriptApi,
  type FakeTranscriptApiFault,
  type FakeTranscriptApiVideo,
  startFakeTranscriptApi,
} from "./fake-transcript-api.ts";
export {
  type FakeCaptionEndpoint,
  type FakeCaptionFault,
  type FakeCaptionLine,
  type FakeCaptionTrack,
  type FakeCaptionVideo,
  type FakeYoutubeCaptions,
  startFakeYoutubeCaptions,
} from "./fake-youtube-captions.ts";
export { type FakeYtDlp, type FakeYtDlpVideo, writeFakeYtDlp } from "./fake-yt-dlp.ts";
