import { eventually } from "@tubedigest/testing/eventually";
import { defaultFakeResponder, type FakeOpenAiApi, startFakeOpenAiApi } from "@tubedigest/testing/openai";
import {
  type FakeProxy,
  type FakeSponsorBlock,
  type FakeTranscriptApi,
  type FakeYoutubeCaptions,
  type FakeYtDlp,
  startFakeProxy,
  startFakeSponsorBlock,
  startFakeTranscriptApi,
  startFakeYoutubeCaptions,
  writeFakeYtDlp,
} from "@tubedigest/testing/transcripts";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SummariserSettings } from "../src/config.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import { digestEvents, payingReaderIn } from "./support/digest-events.ts";
import {
  asUser,
  generateNewsletterNow,
  type SummariserUnderTest,
  startSummariser,
  toolSummary,
} from "./support/summariser-harness.ts";

const CHANNEL = `UC${"e".repeat(22)}`;
const GERMAN_CHANNEL = `UC${"g".repeat(22)}`;
const VIDEOS = {
  captioned: "capcapcapca",
  apiOnly: "apiapiapiap",
  audioOnly: "audaudaudau",
  chaptered: "chachachach",
  sponsored: "spospospo00",
  invented: "invinvinvin",
  late: "latlatlatla",
  german: "gergergerge",
};
const CHAPTERS = [
  [0, "Welcome"],
  [20 * 60, "Fuel"],
  [45 * 60, "Engines"],
  [70 * 60, "Nozzles"],
  [110 * 60, "Landing"],
  [150 * 60, "Questions"],
] as const;
const THREE_HOURS = 3 * 3600;

/** Lines every 30 s over `seconds`, each naming the topic of the chapter it falls in. */
function linesOver(seconds: number, topicAt: (second: number) => string) {
  return Array.from({ length: Math.floor(seconds / 30) }, (_, i) => ({
    startSeconds: i * 30,
    text: `Minute ${Math.floor((i * 30) / 60)} covers ${topicAt(i * 30)} in careful measured detail for builders.`,
  }));
}
const chapterAt = (second: number) => [...CHAPTERS].reverse().find(([start]) => start <= second)?.[1] ?? "";

describe("summaries from the transcript chain, end to end: the real SDKs against the fakes, real Postgres and RabbitMQ", () => {
  let captions: FakeYoutubeCaptions;
  let proxy: FakeProxy;
  let api: FakeTranscriptApi;
  let openai: FakeOpenAiApi;
  let ytDlp: FakeYtDlp;
  let sponsorBlock: FakeSponsorBlock;
  let chain: SummariserUnderTest;
  let throughProxy: SummariserUnderTest;
  const catalog = catalogStandIn([
    { id: VIDEOS.captioned, channelId: CHANNEL, title: "Captions through a proxy" },
    { id: VIDEOS.apiOnly, channelId: CHANNEL, title: "From the transcript service", language: "en-GB" },
    { id: VIDEOS.audioOnly, channelId: CHANNEL, title: "Only its audio", durationSeconds: 40 },
    {
      id: VIDEOS.chaptered,
      channelId: CHANNEL,
      title: "Three hours of rockets",
      durationSeconds: THREE_HOURS,
      description: `Everything about rockets.\n\n${CHAPTERS.map(([start, title]) => `${clock(start)} ${title}`).join("\n")}`,
    },
    { id: VIDEOS.sponsored, channelId: CHANNEL, title: "With a sponsor read" },
    { id: VIDEOS.invented, channelId: CHANNEL, title: "A model that invents moments" },
    { id: VIDEOS.late, channelId: CHANNEL, title: "Captions came later" },
    { id: VIDEOS.german, channelId: GERMAN_CHANNEL, title: "Read in German" },
  ]);

  function settings(
    steps: NonNullable<SummariserSettings["transcripts"]["steps"]>,
  ): Partial<SummariserSettings> {
    return {
      llm: {
        apiKey: openai.apiKey,
        baseUrl: openai.baseUrl,
        model: "gpt-4o-mini",
        contextTokens: 8_192,
        tokenBudgetPerVideo: 200_000,
        concurrency: 4,
      },
      transcripts: {
        source: "youtube",
        youtubeBaseUrl: captions.baseUrl,
        steps,
        proxyUrl: proxy.url,
        api: { baseUrl: api.baseUrl, apiKey: api.apiKey, mode: "native" },
        speechToText: {
          apiKey: openai.apiKey,
          baseUrl: openai.baseUrl,
          model: "whisper-1",
          ytDlpPath: ytDlp.path,
          ffmpegPath: "ffmpeg",
          maxSeconds: 3_600,
          pieceSeconds: 600,
        },
        sponsorBlockUrl: sponsorBlock.baseUrl,
      },
    };
  }

  beforeAll(async () => {
    captions = await startFakeYoutubeCaptions();
    // YouTube refuses this machine's own address, as it refuses most cloud providers'.
    captions.refuseAddress("127.0.0.1");
    captions.addVideo({
      id: VIDEOS.captioned,
      captions: [{ languageCode: "en", kind: "manual", lines: linesOver(300, () => "valves and pumps") }],
    });
    proxy = await startFakeProxy({ protocol: "http" });
    api = await startFakeTranscriptApi();
    api.addVideo({ id: VIDEOS.apiOnly, lang: "en", lines: linesOver(300, () => "turbopumps") });
    api.addVideo({ id: VIDEOS.chaptered, lang: "en", lines: linesOver(THREE_HOURS, chapterAt) });
    api.addVideo({
      id: VIDEOS.sponsored,
      lang: "en",
      lines: linesOver(300, (second) =>
        second >= 60 && second < 120 ? "NordVPN discount codes" : "heat shields",
      ),
    });
    api.addVideo({ id: VIDEOS.invented, lang: "en", lines: linesOver(300, () => "gimbal mounts") });
    api.addVideo({ id: VIDEOS.german, lang: "en", lines: linesOver(300, () => "rocket staging") });
    openai = await startFakeOpenAiApi({ models: ["gpt-4o-mini", "whisper-1"], contextTokens: 16_384 });
    ytDlp = await writeFakeYtDlp({ [VIDEOS.audioOnly]: { seconds: 40 } });
    sponsorBlock = await startFakeSponsorBlock();
    sponsorBlock.addSegments(VIDEOS.sponsored, [{ start: 60, end: 120, category: "sponsor" }]);
    chain = await startSummariser(
      { catalog: catalog.client },
      { settings: settings(["captions", "transcript-api", "speech-to-text"]) },
    );
    throughProxy = await startSummariser(
      { catalog: catalog.client },
      { settings: settings(["captions", "captions-proxy"]) },
    );
  }, 60_000);

  afterAll(async () => {
    await chain?.stop();
    await throughProxy?.stop();
    await Promise.all([captions.close(), proxy.close(), api.close(), openai.close(), sponsorBlock.close()]);
    await ytDlp.remove();
  });

  const summaryOf = (videoId: string, on = chain) => toolSummary(on.app, videoId);
  const requestsAbout = (text: string) =>
    openai.requests.filter((request) => request.messages.some((message) => message.content.includes(text)));

  it("with the caption pages refusing every request, takes the transcript service's, and says so", async () => {
    const summary = await summaryOf(VIDEOS.apiOnly);
    expect(captions.calls.player).toBeGreaterThan(0);
    // Asked for the language the uploader said is spoken.
    expect(api.requests.find((request) => request.videoId === VIDEOS.apiOnly)?.lang).toBe("en");
    expect(summary).toContain("turbopumps");
    expect(summary).toMatch(/\n_Source: a transcript service in English\._$/);
  });

  it("goes on to speech-to-text of the audio when the service has none", async () => {
    const summary = await summaryOf(VIDEOS.audioOnly);
    expect(openai.transcriptions.requests.length).toBeGreaterThan(0);
    expect(summary).toContain("rocket engine nozzle");
    expect(summary).toMatch(/\n_Source: speech-to-text of the audio in English\._$/);
  });

  it("reads the captions through the proxy where one is configured", async () => {
    const summary = await summaryOf(VIDEOS.captioned, throughProxy);
    expect(proxy.carried).toBeGreaterThan(0);
    expect(summary).toContain("valves and pumps");
    expect(summary).toMatch(/\n_Source: the video's captions in English\._$/);
  });

  it("summarises a 3-hour video with chapters chapter by chapter, each a section at its moment", async () => {
    const summary = await summaryOf(VIDEOS.chaptered);
    const sections = [...summary.matchAll(/^#### (.+?) \(\[([0-9:]+)\]/gm)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(sections).toEqual(CHAPTERS.map(([start, title]) => [title, clockLabel(start)]));
    expect(requestsAbout("Chapter title, then its transcript:")).toHaveLength(CHAPTERS.length);
    // Each section's points are from its own chapter: the whole three hours were read, none cut off.
    for (const [index, [, title]] of CHAPTERS.entries()) {
      const body = summary.split(/^#### /m)[index + 1] ?? "";
      expect(body, title).toContain(`covers ${title}`);
    }
  });

  it("never lets a sponsor read reach the model", async () => {
    const summary = await summaryOf(VIDEOS.sponsored);
    expect(summary).toContain("heat shields");
    expect(openai.requests.length).toBeGreaterThan(0);
    expect(requestsAbout("NordVPN")).toEqual([]);
    expect(requestsAbout("heat shields").length).toBeGreaterThan(0);
  });

  it("drops key points whose moment the transcript does not support, and counts them", async () => {
    openai.respondWith((request) => {
      const answer = defaultFakeResponder(request);
      if (!request.messages.some((message) => message.content.includes("gimbal mounts"))) return answer;
      const parsed = JSON.parse(answer) as { keyPoints?: { text: string; startSeconds: number | null }[] };
      if (!parsed.keyPoints) return answer;
      const [first, second, ...rest] = parsed.keyPoints;
      parsed.keyPoints = [
        { text: first?.text ?? "", startSeconds: 4_000 },
        {
          text: "The crew ordered pizza for the whole launch team.",
          startSeconds: second?.startSeconds ?? 30,
        },
        ...rest,
      ];
      return JSON.stringify(parsed);
    });
    try {
      const summary = await summaryOf(VIDEOS.invented);
      expect(summary).not.toContain("pizza");
      expect(summary).not.toMatch(/&t=4000s/);
      for (const [, seconds] of summary.matchAll(/&t=(\d+)s/g)) expect(Number(seconds)).toBeLessThan(300);
      const metrics = await chain.app.inject({ method: "GET", url: "/metrics" });
      expect(metrics.body).toMatch(/summariser_ungrounded_key_points_total\{writer="openai"[^}]*\} 2\n/);
    } finally {
      openai.respondWith(defaultFakeResponder);
    }
  });

  it("replaces a summary of the description once a transcript appears, the model asked once per source", async () => {
    const first = await summaryOf(VIDEOS.late);
    expect(first).toMatch(/\n_Source: the title and description only\._$/);
    const callsBefore = requestsAbout("Captions came later").length;
    expect(callsBefore).toBe(1);
    // Captions appear at the service; the time for another look comes.
    api.addVideo({
      id: VIDEOS.late,
      lang: "en",
      lines: linesOver(300, () => "late captions about landing legs"),
    });
    await sql`update summaries set upgrade_after = now() - interval '1 second' where video_id = ${VIDEOS.late}`.execute(
      chain.database.db,
    );
    expect(await summaryOf(VIDEOS.late)).toBe(first);
    await eventually(async () =>
      (await summaryOf(VIDEOS.late)).includes("landing legs") ? true : undefined,
    );
    const replaced = await summaryOf(VIDEOS.late);
    expect(replaced).toMatch(/\n_Source: a transcript service in English\._$/);
    expect(requestsAbout("Captions came later")).toHaveLength(2);
    await summaryOf(VIDEOS.late);
    expect(requestsAbout("Captions came later")).toHaveLength(2);
  });

  it("writes a reader's digest in the language they chose, and says it is translated", async () => {
    const events = digestEvents(chain.testBus.bus, chain.database.db);
    const userId = await payingReaderIn(events, "de", [GERMAN_CHANNEL, "Deutsch"]);
    const reply = await generateNewsletterNow(chain.app, userId);
    expect(reply.statusCode, reply.body).toBe(200);
    const translation = requestsAbout("translate it into German (de)");
    expect(translation).toHaveLength(1);
    expect(translation[0]?.messages[1]?.content).toContain("rocket staging");
    // What is translated is the stored original, each of its parts, under the video's title.
    const original = await chain.database.db
      .selectFrom("summaries")
      .select(["key_points", "paragraph"])
      .where("video_id", "=", VIDEOS.german)
      .where("asked_language", "=", "")
      .executeTakeFirstOrThrow();
    const [firstPoint] = original.key_points ?? [];
    expect(firstPoint?.text).toBeTruthy();
    expect(translation[0]?.messages[1]?.content).toContain(`1. ${firstPoint?.text.replace(/\s+/g, " ")}`);
    expect(translation[0]?.messages[1]?.content).toContain(original.paragraph ?? "no paragraph");
    expect(JSON.stringify(translation[0]?.messages)).toContain("Read in German");
    const [newsletter] = (
      await chain.app.inject({ method: "GET", url: "/api/newsletters", headers: asUser(userId) })
    ).json();
    expect(newsletter.content).toContain(
      "_Source: a transcript service in English, translated into German._",
    );
  });
});

function clock(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = String(Math.floor((seconds % 3600) / 60)).padStart(2, "0");
  return hours > 0 ? `${hours}:${minutes}:00` : `${minutes}:00`;
}

const clockLabel = (seconds: number) => {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:00` : `${minutes}:00`;
};
