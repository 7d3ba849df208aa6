export { childEnvironment } from "./child-environment.ts";
export { eventually } from "./eventually.ts";
export {
  defaultFakeResponder,
  type FakeChatMessage,
  type FakeChatRequest,
  type FakeOpenAiApi,
  type FakeOpenAiFault,
  type FakeOpenAiOptions,
  type FakeOpenAiResponder,
  startFakeOpenAiApi,
} from "./fake-openai-api.ts";
export {
  type FakeSmtpFault,
  type FakeSmtpMessage,
  type FakeSmtpServer,
  type FakeSmtpTls,
  startFakeSmtpServer,
} from "./fake-smtp-server.ts";
export {
  FAKE_STRIPE_API_VERSION,
  type FakeCardBehaviour,
  type FakeDeliverOptions,
  type FakeStripeApi,
  type FakeStripeEndpoint,
  type FakeStripeFault,
  type FakeStripeOptions,
  type FakeStripeRequest,
  type FakeWebhookDelivery,
  startFakeStripeApi,
} from "./fake-stripe-api.ts";
export {
  FAKE_YOUTUBE_COSTS,
  type FakeChannel,
  type FakeVideo,
  type FakeYoutubeApi,
  type FakeYoutubeEndpoint,
  type FakeYoutubeFault,
  type FakeYoutubeFaultTarget,
  startFakeYoutubeApi,
} from "./fake-youtube-api.ts";
export {
  type FakeCaptionEndpoint,
  type FakeCaptionFault,
  type FakeCaptionLine,
  type FakeCaptionTrack,
  type FakeCaptionVideo,
  type FakeYoutubeCaptions,
  startFakeYoutubeCaptions,
} from "./fake-youtube-captions.ts";
export {
  ANY_CONTENT_TYPE,
  emailAddress,
  hasInvalidPercentEncoding,
  hostileBodies,
  hostileCharacter,
  hostileQueries,
  hostileText,
  invalidPercentEncoding,
  nearValid,
  nearValidEmail,
  notOneBareAddress,
  percentEncode,
  urlSpellings,
} from "./hostile-input.ts";
export { type RawResponse, rawHttpRequest } from "./raw-http.ts";
export { deleteRedisKeys } from "./redis-keys.ts";
export { emailFieldsOf, fieldsOf, type JsonSchema, valuesOf } from "./schema-values.ts";
export { startTcpProxy, type TcpProxy } from "./tcp-proxy.ts";
export { type TestCertificate, type TestCertificates, testCertificates } from "./test-certificates.ts";
export { testInfra } from "./test-infra.ts";
export { createTestSchema } from "./test-schema.ts";
export { uniqueName } from "./unique-name.ts";
