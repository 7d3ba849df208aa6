import { createTestBus, type TestBus } from "@tubedigest/bus/testing";
import { type FakeOpenAiApi, startFakeOpenAiApi } from "@tubedigest/testing/openai";
import { createTestSchema } from "@tubedigest/testing/test-schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogStandIn, type StandInVideo } from "./support/catalog-stand-in.ts";
import {
  type SummariserUnderTest,
  startSummariser,
  transcriptAbout,
  transcriptsFrom,
} from "./support/summariser-harness.ts";
import { openAiWriterFor } from "./support/test-writers.ts";

const channelId = (letter: string) => `UC${letter.repeat(22)}`;
const CHANNELS = ["a", "b", "c", "d"].map(channelId);

// Four channels, four videos each this week, plus a Short and a live stream that previews leave out.
const videos: StandInVideo[] = CHANNELS.flatMap((channel, c) => [
  ...Array.from({ length: 4 }, (_, v) => ({
    id: `vid${c}${v}`.padEnd(11, "x"),
    channelId: channel,
    title: `Channel ${c} video ${v}`,
    hoursAgo: 5 + v * 10,
  })),
  {
    id: `short${c}`.padEnd(11, "s"),
    channelId: channel,
    title: "A Short",
    isShort: true,
    durationSeconds: 40,
  },
  {
    id: `live${c}`.padEnd(11, "l"),
    channelId: channel,
    title: "On air",
    liveStatus: "live" as const,
    durationSeconds: null,
  },
]);

describe("one summary per video, however many ask at once (two replicas, one Postgres, the real openai SDK)", () => {
  let fake: FakeOpenAiApi;
  let schema: Awaited<ReturnType<typeof createTestSchema>>;
  let testBus: TestBus;
  let replicas: SummariserUnderTest[];
  const catalog = catalogStandIn(videos);
  const transcripts = transcriptsFrom(
    Object.fromEntries(videos.map((video) => [video.id, transcriptAbout(video.title)])),
  );

  beforeAll(async () => {
    fake = await startFakeOpenAiApi({ latencyMs: 300 });
    schema = await createTestSchema("summariser");
    testBus = await createTestBus("rabbitmq");
    const replica = (owner: string) =>
      startSummariser(
        {
          writer: openAiWriterFor(fake),
          transcripts: transcripts.source,
          catalog: catalog.client,
          leases: { owner, pollMs: 50 },
        },
        { schema: { url: schema.url, schema: schema.schema }, testBus },
      );
    // One after the other: both would run the same migrations otherwise (they take kysely's lock; fine, but slower).
    replicas = [await replica("replica-a"), await replica("replica-b")];
  });

  afterAll(async () => {
    await testBus.bus.close();
    for (const replica of replicas ?? []) await replica.stop();
    await testBus.cleanup();
    await schema.drop();
    await fake.close();
  });

  it("20 overlapping previews split across the replicas make exactly one model call per distinct video", async () => {
    // Each preview asks for two or three of the four channels, so every video is wanted many times at once.
    const requests = Array.from({ length: 20 }, (_, index) => {
      const chosen = [
        CHANNELS[index % 4],
        CHANNELS[(index + 1) % 4],
        ...(index % 3 === 0 ? [CHANNELS[(index + 2) % 4]] : []),
      ];
      const replica = replicas[index % 2];
      if (!replica) throw new Error("no replica");
      return replica.app.inject({
        method: "POST",
        url: "/api/generate-newsletter-preview",
        payload: {
          email: `reader${index}@example.com`,
          channels: chosen.map((id, n) => ({
            youtubeId: id,
            title: `Channel ${CHANNELS.indexOf(id ?? "")}`,
            description: "",
            thumbnailUrl: `https://x.invalid/${n}.jpg`,
          })),
        },
      });
    });
    const replies = await Promise.all(requests);
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);

    // A preview summarises only the one video it shows readable, its first channel's newest: four first
    // channels among the 20, so four videos, each once. The rest of a preview is titles and counts.
    const distinct = 4;
    expect(fake.calls).toBe(distinct);
    const summarised = fake.requests.map((request) => JSON.stringify(request.messages));
    for (const video of videos) {
      const shown = !video.isShort && !video.liveStatus && video.title.endsWith("video 0");
      expect(
        summarised.filter((body) => body.includes(video.title)),
        video.title,
      ).toHaveLength(shown ? 1 : 0);
    }
    const rows = await replicas[0]?.database.db.selectFrom("summaries").selectAll().execute();
    expect(rows).toHaveLength(distinct);
    expect(rows?.every((row) => row.status === "ready" && row.llm_calls === 1 && row.prompt_tokens > 0)).toBe(
      true,
    );
    // Both replicas did some of the work: the leases were shared, not won by one process alone.
    expect(new Set(rows?.map((row) => row.attempts))).toEqual(new Set([1]));

    const first = replies[0]?.json();
    expect(first.pending).toBe(0);
    // Titles are catalog's, not the ones the request sent.
    const catalogTitle = (index: number) => `Channel ${CHANNELS[index]}`;
    expect(first.channels).toEqual([0, 1, 2].map((index) => ({ title: catalogTitle(index), videoCount: 4 })));
    expect(first.content).toContain(`## ${catalogTitle(0)}`);
    expect(first.content).toContain("### [Channel 0 video 0](https://www.youtube.com/watch?v=vid00xxxxxx)");
    expect(first.content).toContain("and 1 more video this week");
    expect(first.content).not.toContain("A Short");
    expect(first.content).not.toContain("On air");
  });

  it("a later preview answers from the stored summaries without asking the model", async () => {
    const before = fake.calls;
    const reply = await replicas[1]?.app.inject({
      method: "POST",
      url: "/api/generate-newsletter-preview",
      payload: { email: "again@example.com", channels: [{ youtubeId: CHANNELS[3], title: "Channel 3" }] },
    });
    expect(reply?.statusCode).toBe(200);
    expect(fake.calls).toBe(before);
    expect(reply?.json().content).toMatch(
      /- \*\*.+\*\* \(\[\d+:\d\d\]\(https:\/\/www\.youtube\.com\/watch\?v=vid3\dxxxxxx&t=\d+s\)\)/,
    );
  });
});
