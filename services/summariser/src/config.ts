import type { ServiceDatabaseSettings } from "@tubedigest/bus";
import {
  AppEnv,
  ConfigError,
  Host,
  LogLevel,
  Matching,
  MigrationVariables,
  migrationSettingFrom,
  Port,
  SchemaName,
  TracingVariables,
  Url,
} from "@tubedigest/config";
import { PreviousIdentitySecret } from "@tubedigest/http/identity-environment";
import Type, { type Static } from "typebox";
import type { OpenAiSummaryWriterSettings } from "./adapters/summary-writers/openai-summary-writer.ts";
import type { InnerTubeClient } from "./adapters/transcripts/innertube-caption-source.ts";

/** The schemes TRANSCRIPT_PROXY_URL may have: an HTTP(S) proxy, or SOCKS 4/5. */
const PROXY_SCHEMES = ["http", "https", "socks", "socks4", "socks4a", "socks5", "socks5h"];

/**
 * The transcript chain's steps, in the order tried when TRANSCRIPT_STEPS does not say: free before paid,
 * and among the paid the cheapest a video first. InnerTube's app clients are still answered from server
 * addresses where the web caption pages are gated, in two requests; the web pages next; then the same
 * through a paid proxy; a transcript API that serves YouTube's own captions; Gemini, which hears the video
 * from its address with no scraping at all; last, yt-dlp's download and speech-to-text, the dearest and
 * the most often refused (docs/deploying.md, "Transcripts in production", has each one's cost).
 */
export const TRANSCRIPT_STEPS = [
  "innertube",
  "captions",
  "captions-proxy",
  "transcript-api",
  "gemini",
  "speech-to-text",
] as const;

/** What a caller leaves out of `previewNewChannelsPerDay`. */
export const DEFAULT_PREVIEW_NEW_CHANNELS_PER_DAY = 30;

/** The model, the captions and the hidden tool: the summariser's own process and the embedded product read them alike. */
export const SummariserAiEnvironment = {
  OPENAI_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        "The model's key (any non-empty value for a local Ollama); unset: the embedded extractive writer summarises, with no network",
    }),
  ),
  OPENAI_BASE_URL: Type.Optional(
    Url(["http", "https"], {
      description:
        "Another OpenAI-compatible server, e.g. `http://localhost:11434/v1` for Ollama; unset: OpenAI's own",
    }),
  ),
  OPENAI_MODEL: Type.String({
    minLength: 1,
    default: "gpt-4o-mini",
    description: "The model that writes the summaries",
  }),
  OPENAI_CONTEXT_TOKENS: Type.Integer({
    minimum: 2_048,
    default: 128_000,
    description: "The model's context window: longer transcripts are summarised in pieces that fit it",
  }),
  SUMMARY_TOKEN_BUDGET: Type.Integer({
    minimum: 4_096,
    default: 200_000,
    description: "The most one video's summary may spend, all calls together; longer transcripts are sampled",
  }),
  LLM_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: 4,
    description:
      "Model calls in flight at once, per process: the summaries' and the digests' glances together",
  }),
  TRANSCRIPT_SOURCE: Type.Optional(
    Type.Union([Type.Literal("youtube"), Type.Literal("demo")], {
      description:
        "Where transcripts come from: `youtube` (public captions, through the chain of `TRANSCRIPT_STEPS`) or `demo` (the demo catalog's); unset: `youtube`, except in `make start` and `make stack` without `YOUTUBE_API_KEY`",
    }),
  ),
  YOUTUBE_CAPTIONS_URL: Type.Optional(
    Url(["http", "https"], {
      description: "Another address for YouTube's caption pages (a proxy); unset: YouTube's own",
    }),
  ),
  TRANSCRIPT_STEPS: Type.Optional(
    Matching(
      new RegExp(`^(${TRANSCRIPT_STEPS.join("|")})(,(${TRANSCRIPT_STEPS.join("|")}))*$`),
      `a comma-separated list of ${TRANSCRIPT_STEPS.slice(0, -1).join(", ")} and ${TRANSCRIPT_STEPS.at(-1)}`,
      {
        description: `The transcript chain's steps in the order they are tried, comma-separated: ${TRANSCRIPT_STEPS.map((step) => `\`${step}\``).join(", ")}; unset: every configured step in that order (see [deploying.md](deploying.md#transcripts-in-production))`,
      },
    ),
  ),
  INNERTUBE_CLIENTS: Matching(
    /^(ANDROID|IOS|TV|TV_EMBEDDED|WEB_EMBEDDED|ANDROID_VR|WEB)(,(ANDROID|IOS|TV|TV_EMBEDDED|WEB_EMBEDDED|ANDROID_VR|WEB))*$/,
    "a comma-separated list of ANDROID, IOS, TV, TV_EMBEDDED, WEB_EMBEDDED, ANDROID_VR and WEB",
    {
      default: "ANDROID,IOS,TV",
      description:
        "The InnerTube clients the `innertube` step asks as, in order, until one gives captions: YouTube still answers its app clients from server addresses",
    },
  ),
  TRANSCRIPT_PROXY_URL: Type.Optional(
    Url(PROXY_SCHEMES, {
      description:
        "An outbound proxy for the caption pages and yt-dlp: `http://`, `https://` or `socks5://`, credentials in the URL; the `captions-proxy` step",
    }),
  ),
  TRANSCRIPT_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description: "The hosted transcript API's key (Supadata's); unset: the `transcript-api` step is off",
    }),
  ),
  TRANSCRIPT_API_URL: Url(["http", "https"], {
    default: "https://api.supadata.ai/v1",
    description: "The transcript API's address",
  }),
  TRANSCRIPT_API_MODE: Type.Union([Type.Literal("native"), Type.Literal("auto")], {
    default: "native",
    description:
      "`native`: only transcripts YouTube has (1 credit each); `auto`: the API also transcribes the audio (2 credits a minute)",
  }),
  SPEECH_TO_TEXT_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        "The speech-to-text server's key (OpenAI's, Groq's, any for a self-hosted one); unset: the `speech-to-text` step is off",
    }),
  ),
  SPEECH_TO_TEXT_BASE_URL: Type.Optional(
    Url(["http", "https"], {
      description:
        "Another server with OpenAI's audio transcription API (Groq, faster-whisper); unset: OpenAI's own",
    }),
  ),
  SPEECH_TO_TEXT_MODEL: Type.String({
    minLength: 1,
    default: "whisper-1",
    description: "The transcription model",
  }),
  SPEECH_TO_TEXT_MAX_MINUTES: Type.Integer({
    minimum: 1,
    maximum: 1_440,
    default: 240,
    description: "Longer videos are not transcribed (the cost grows with each minute)",
  }),
  SPEECH_TO_TEXT_PIECE_MINUTES: Type.Integer({
    minimum: 1,
    maximum: 60,
    default: 10,
    description: "The pieces long audio is cut into before transcription, in minutes",
  }),
  YT_DLP_PATH: Type.String({
    minLength: 1,
    default: "yt-dlp",
    description:
      "yt-dlp (Debian's package `yt-dlp`), which speech-to-text downloads audio with: a name on PATH or a path",
  }),
  PO_TOKEN_PROVIDER_URL: Type.Optional(
    Url(["http", "https"], {
      description:
        "A proof-of-origin token server (bgutil's, e.g. `http://bgutil:4416`), asked per video by the `innertube` step and by yt-dlp's `bgutil-ytdlp-pot-provider` plugin: YouTube wants a token per video from many addresses; unset: none is sent",
    }),
  ),
  GEMINI_API_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      description:
        "Google's Gemini API key: the `gemini` step has Gemini transcribe the public video from its address; unset: the step is off",
    }),
  ),
  GEMINI_BASE_URL: Type.Optional(
    Url(["http", "https"], { description: "Another address for the Gemini API; unset: Google's own" }),
  ),
  GEMINI_MODEL: Type.String({
    minLength: 1,
    default: "gemini-2.5-flash",
    description: "The Gemini model that transcribes videos",
  }),
  GEMINI_MAX_MINUTES: Type.Integer({
    minimum: 1,
    maximum: 1_440,
    default: 120,
    description: "Longer videos are not sent to Gemini (the cost grows with each minute)",
  }),
  FFMPEG_PATH: Type.String({
    minLength: 1,
    default: "ffmpeg",
    description: "ffmpeg, which speech-to-text cuts audio with: a name on PATH or a path",
  }),
  SPONSORBLOCK: Type.Optional(
    Type.Union([Type.Literal("on"), Type.Literal("off")], {
      description:
        "Whether SponsorBlock's sponsor and self-promotion segments are cut from transcripts before summarising; unset: `on` with YouTube's transcripts, `off` with the demo's",
    }),
  ),
  SPONSORBLOCK_URL: Url(["http", "https"], {
    default: "https://sponsor.ajay.app",
    description: "SponsorBlock's server",
  }),
  SUMMARY_TOOL_PASSWORD: Type.Optional(
    Type.String({
      minLength: 8,
      description: "The hidden summary tool's shared password (/ps); unset: the tool is off",
    }),
  ),
  PREVIEW_WAIT_SECONDS: Type.Integer({
    minimum: 1,
    maximum: 60,
    default: 25,
    description:
      "How long a newsletter preview waits for summaries still being written before answering what is ready",
  }),
  // At least the largest plan's 25, so a preview of every channel of it can pass.
  PREVIEW_NEW_CHANNELS_PER_DAY: Type.Integer({
    minimum: 25,
    maximum: 10_000,
    default: DEFAULT_PREVIEW_NEW_CHANNELS_PER_DAY,
    description:
      "New channels one client address (an IPv6 /64) may preview per day: each costs a look at YouTube and perhaps a summary",
  }),
  SAMPLE_CHANNELS: Type.Optional(
    Matching(
      /^UC[A-Za-z0-9_-]{22}(,UC[A-Za-z0-9_-]{22}){0,4}$/,
      "one to five YouTube channel ids (UC and 22 more characters), separated by commas",
      {
        description:
          "The channels whose real summaries make the landing page's sample newsletter: 1–5 YouTube channel ids, comma-separated; unset: two of the demo catalog's, or with YouTube's transcripts two real channels",
      },
    ),
  ),
};

/**
 * The sample newsletter's channels when none are named: with the demo catalog, two of its made-up
 * channels (a science one and a cooking one); with YouTube, two science channels that caption their videos.
 */
export const DEFAULT_SAMPLE_CHANNELS: Readonly<Record<"youtube" | "demo", readonly string[]>> = {
  demo: ["UCUgQ2RdSQEDg0c-29ODtQEX", "UCvM81RMemUTptIftvHQ02sb"],
  youtube: ["UCHnyfMqiRRG1u-2MsSQLbXA", "UCsXVk37bltHxD1rDPwtNM8Q"],
};

/** What a caller leaves out of `digest`. */
export const DEFAULT_DIGEST_SETTINGS: DigestSettings = { concurrency: 4, catchUpHours: 24 };
export const DEFAULT_REDIS_KEY_PREFIX = "td:summariser:";

/** The weekly digest's timing and pace: the summariser's own process and the embedded product read them alike. */
export const SummariserDigestEnvironment = {
  // Each job composes a batch of readers (DIGEST_BATCH_SIZE) that mostly waits: on catalog, on the model
  // for each reader's week at a glance, and for a video still unsummarised on the model again;
  // LLM_CONCURRENCY bounds the model's calls. A few batches keep the model busy.
  DIGEST_CONCURRENCY: Type.Integer({
    minimum: 1,
    maximum: 64,
    default: DEFAULT_DIGEST_SETTINGS.concurrency,
    description: "Compose jobs (each a batch of up to 50 weekly digests) run at once, per process",
  }),
  // Under three days, so a slot can only be due for its own week.
  DIGEST_CATCH_UP_HOURS: Type.Integer({
    minimum: 1,
    maximum: 72,
    default: DEFAULT_DIGEST_SETTINGS.catchUpHours,
    description:
      "How long after a reader's Monday 09:00 a digest whose slot the scheduler missed is still sent, in hours",
  }),
};

/** The summariser's environment when it runs as its own process (compose, Kubernetes, `make stack`). */
export const SummariserEnvironment = Type.Object({
  PORT: Port({ default: 4004, description: "Where the summariser listens" }),
  HOST: Host("0.0.0.0"),
  LOG_LEVEL: LogLevel,
  ...TracingVariables,
  DATABASE_URL: Url(["postgres", "postgresql"], { description: "Postgres" }),
  DATABASE_SCHEMA: SchemaName("summariser"),
  ...MigrationVariables,
  RABBITMQ_URL: Url(["amqp", "amqps"], {
    description:
      "Where the summariser reads orders, readers' and plans' events and digest slots, and publishes its own",
  }),
  IDENTITY_SECRET: Type.String({
    minLength: 32,
    description: "The gateway's: a caller header counts only with its proof; it also signs calls to billing",
  }),
  ...PreviousIdentitySecret,
  CATALOG_URL: Url(["http", "https"], {
    description:
      "Catalog's internal address, e.g. `http://catalog:4002`: channels' recent videos, any video's description",
  }),
  BILLING_URL: Url(["http", "https"], {
    description:
      "Billing's internal address, e.g. `http://billing:4003`: single-summary charges, and whether a plan includes a daily digest",
  }),
  APP_ENV: AppEnv("production", {
    description:
      "`development` adds /dev/deliver-digest, /dev/digest-status and, in the one-process product, /dev/clock",
  }),
  REDIS_URL: Type.Optional(
    Url(["redis", "rediss"], {
      description:
        "The digest's work queue (BullMQ), shared by every replica; unset: in the process (one replica only)",
    }),
  ),
  REDIS_KEY_PREFIX: Type.String({
    default: DEFAULT_REDIS_KEY_PREFIX,
    description: "The start of the queue's Redis keys",
  }),
  ...SummariserAiEnvironment,
  ...SummariserDigestEnvironment,
});

/** The model's settings: the LLM writer's own (retries and time-outs keep its defaults). */
export type LlmSettings = Omit<OpenAiSummaryWriterSettings, "maxRetries" | "timeoutMs">;

/** What the summariser needs, however it was configured (its own process or the embedded product). */
export interface SummariserSettings {
  identitySecret: string;
  /** While IDENTITY_SECRET is being rotated: the one before it, whose proofs still count. */
  previousIdentitySecret?: string | undefined;
  database: ServiceDatabaseSettings;
  catalogUrl: string;
  billingUrl: string;
  /** The model; the embedded extractive writer when absent. */
  llm?: LlmSettings | undefined;
  transcripts: TranscriptSettings;
  toolPassword?: string | undefined;
  previewWaitMs: number;
  /** New channels one client may preview per day (30 when absent). */
  previewNewChannelsPerDay?: number | undefined;
  /** The sample newsletter's channels; the transcript source's DEFAULT_SAMPLE_CHANNELS when absent. */
  sampleChannels?: readonly string[] | undefined;
  /** The digest's work queue on Redis (BullMQ), shared by the replicas; in this process when absent. */
  redisUrl?: string | undefined;
  /** Prefix of the queue's Redis keys ("td:summariser:" when absent). */
  redisKeyPrefix?: string | undefined;
  /** Compose jobs at once per process (4), and the catch-up window after Monday 09:00 (24 hours). */
  digest?: DigestSettings | undefined;
  /** Adds /dev/deliver-digest and /dev/digest-status; false when absent. */
  development?: boolean | undefined;
}

/** A step of the transcript chain. */
export type TranscriptStep = (typeof TRANSCRIPT_STEPS)[number];

/** Where transcripts come from: the demo's, or YouTube's through the chain of steps. */
export interface TranscriptSettings {
  source: "youtube" | "demo";
  youtubeBaseUrl?: string | undefined;
  /** Tried in this order (with "youtube"); every configured step when absent. */
  steps?: TranscriptStep[] | undefined;
  proxyUrl?: string | undefined;
  /** The InnerTube clients asked, in order; DEFAULT_INNERTUBE_CLIENTS when absent. */
  innertubeClients?: InnerTubeClient[] | undefined;
  /** bgutil's PO-token server, for the InnerTube step and yt-dlp. */
  poTokenProviderUrl?: string | undefined;
  api?: { baseUrl: string; apiKey: string; mode: "native" | "auto" } | undefined;
  gemini?: { apiKey: string; baseUrl?: string | undefined; model: string; maxMinutes: number } | undefined;
  speechToText?:
    | {
        apiKey: string;
        baseUrl?: string | undefined;
        model: string;
        ytDlpPath: string;
        ffmpegPath: string;
        maxSeconds: number;
        pieceSeconds: number;
      }
    | undefined;
  /** SponsorBlock's server, whose sponsor segments are cut; none are cut when absent. */
  sponsorBlockUrl?: string | undefined;
}

export interface DigestSettings {
  concurrency: number;
  catchUpHours: number;
  /**
   * How long a replica's hold on a compose job lasts without renewal, so how soon a crashed replica's job
   * runs elsewhere (BullMQ's 30 s when absent; every replica must use the same). Tests shorten it.
   */
  jobLockMs?: number | undefined;
  /** Readers one compose job takes (DIGEST_BATCH_SIZE when absent). Tests make a run of several batches. */
  batchSize?: number | undefined;
}

const SummariserAi = Type.Object(SummariserAiEnvironment);
type AiVariables = Static<typeof SummariserAi>;

/** The model, captions and tool settings from the environment; `transcriptDefault` when none is named. */
export function aiSettingsFrom(
  env: AiVariables,
  transcriptDefault: "youtube" | "demo",
): Pick<
  SummariserSettings,
  "llm" | "transcripts" | "toolPassword" | "previewWaitMs" | "previewNewChannelsPerDay" | "sampleChannels"
> {
  return {
    llm: env.OPENAI_API_KEY
      ? {
          apiKey: env.OPENAI_API_KEY,
          baseUrl: env.OPENAI_BASE_URL,
          model: env.OPENAI_MODEL,
          contextTokens: env.OPENAI_CONTEXT_TOKENS,
          tokenBudgetPerVideo: env.SUMMARY_TOKEN_BUDGET,
          concurrency: env.LLM_CONCURRENCY,
        }
      : undefined,
    transcripts: transcriptSettingsFrom(env, env.TRANSCRIPT_SOURCE ?? transcriptDefault),
    toolPassword: env.SUMMARY_TOOL_PASSWORD,
    previewWaitMs: env.PREVIEW_WAIT_SECONDS * 1000,
    previewNewChannelsPerDay: env.PREVIEW_NEW_CHANNELS_PER_DAY,
    sampleChannels: env.SAMPLE_CHANNELS?.split(","),
  };
}

/** The chain's steps as configured; a step named without its settings stops start-up, saying which. */
function transcriptSettingsFrom(env: AiVariables, source: "youtube" | "demo"): TranscriptSettings {
  const configured: Record<TranscriptStep, boolean> = {
    innertube: true,
    captions: true,
    "captions-proxy": env.TRANSCRIPT_PROXY_URL !== undefined,
    "transcript-api": env.TRANSCRIPT_API_KEY !== undefined,
    gemini: env.GEMINI_API_KEY !== undefined,
    "speech-to-text": env.SPEECH_TO_TEXT_API_KEY !== undefined,
  };
  const needs: Record<TranscriptStep, string> = {
    innertube: "",
    captions: "",
    "captions-proxy": "TRANSCRIPT_PROXY_URL",
    "transcript-api": "TRANSCRIPT_API_KEY",
    gemini: "GEMINI_API_KEY",
    "speech-to-text": "SPEECH_TO_TEXT_API_KEY",
  };
  const named = env.TRANSCRIPT_STEPS?.split(",") as TranscriptStep[] | undefined;
  const problems = (named ?? [])
    .filter((step) => !configured[step])
    .map((step) => `TRANSCRIPT_STEPS names ${step}, which needs ${needs[step]} to be set`);
  if (problems.length > 0) throw new ConfigError(problems);
  const steps = named ?? TRANSCRIPT_STEPS.filter((step) => configured[step]);
  return {
    source,
    youtubeBaseUrl: env.YOUTUBE_CAPTIONS_URL,
    steps: [...new Set(steps)],
    proxyUrl: env.TRANSCRIPT_PROXY_URL,
    innertubeClients: env.INNERTUBE_CLIENTS.split(",") as InnerTubeClient[],
    poTokenProviderUrl: env.PO_TOKEN_PROVIDER_URL,
    gemini: env.GEMINI_API_KEY
      ? {
          apiKey: env.GEMINI_API_KEY,
          baseUrl: env.GEMINI_BASE_URL,
          model: env.GEMINI_MODEL,
          maxMinutes: env.GEMINI_MAX_MINUTES,
        }
      : undefined,
    api: env.TRANSCRIPT_API_KEY
      ? { baseUrl: env.TRANSCRIPT_API_URL, apiKey: env.TRANSCRIPT_API_KEY, mode: env.TRANSCRIPT_API_MODE }
      : undefined,
    speechToText: env.SPEECH_TO_TEXT_API_KEY
      ? {
          apiKey: env.SPEECH_TO_TEXT_API_KEY,
          baseUrl: env.SPEECH_TO_TEXT_BASE_URL,
          model: env.SPEECH_TO_TEXT_MODEL,
          ytDlpPath: env.YT_DLP_PATH,
          ffmpegPath: env.FFMPEG_PATH,
          maxSeconds: env.SPEECH_TO_TEXT_MAX_MINUTES * 60,
          pieceSeconds: env.SPEECH_TO_TEXT_PIECE_MINUTES * 60,
        }
      : undefined,
    sponsorBlockUrl:
      (env.SPONSORBLOCK ?? (source === "youtube" ? "on" : "off")) === "on" ? env.SPONSORBLOCK_URL : undefined,
  };
}

const SummariserDigest = Type.Object(SummariserDigestEnvironment);

/** The digest's settings from the environment. */
export function digestSettingsFrom(env: Static<typeof SummariserDigest>): DigestSettings {
  return { concurrency: env.DIGEST_CONCURRENCY, catchUpHours: env.DIGEST_CATCH_UP_HOURS };
}

export function summariserSettingsFrom(env: Static<typeof SummariserEnvironment>): SummariserSettings {
  return {
    identitySecret: env.IDENTITY_SECRET,
    previousIdentitySecret: env.IDENTITY_SECRET_PREVIOUS,
    database: { url: env.DATABASE_URL, schema: env.DATABASE_SCHEMA, migration: migrationSettingFrom(env) },
    catalogUrl: env.CATALOG_URL,
    billingUrl: env.BILLING_URL,
    ...aiSettingsFrom(env, "youtube"),
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    digest: digestSettingsFrom(env),
    development: env.APP_ENV === "development",
  };
}
