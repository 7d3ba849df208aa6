import { randomUUID } from "node:crypto";
import { readDigestMarkdown } from "@tubedigest/contracts/digest";
import { defaultFakeResponder, type FakeOpenAiApi, startFakeOpenAiApi } from "@tubedigest/testing/openai";
import pLimit from "p-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiGlanceWriter } from "../src/glance/openai-glance-writer.ts";
import { catalogStandIn } from "./support/catalog-stand-in.ts";
import { channelId, daysFrom, digestEvents } from "./support/digest-events.ts";
import { asUser, type SummariserUnderTest, startSummariser } from "./support/summariser-harness.ts";
import { controlledWriter } from "./support/test-writers.ts";

const ORBIT = channelId("o");
const KITCHEN = channelId("k");
const watch = (id: string) => `https://www.youtube.com/watch?v=${id}`;

/** The fake model's week at a glance: one line for each way a proposal can be right or wrong. */
function glanceAnswer(prompt: string): string {
  const refOf = (channel: string) =>
    [...prompt.matchAll(/^(v\d+) \| channel: ([^|]+) \|/gm)]
      .filter((m) => m[2]?.trim() === channel)
      .map((m) => m[1]);
  const [orbit, orbitToo] = refOf("Pocket Orbit");
  const [kitchen] = refOf("Copper Pan Kitchen");
  return JSON.stringify({
    lines: [
      {
        text: "Pocket Orbit and Copper Pan Kitchen both covered the solar eclipse.",
        videos: [orbit, kitchen],
      },
      { text: "A line citing a video this digest does not hold.", videos: ["v99"] },
      { text: "Everyone loved the eclipse.", videos: [orbit, kitchen] },
      { text: "Pocket Orbit posted two videos on the sky.", videos: [orbit, orbitToo] },
    ],
  });
}

const llmSettings = () => ({
  apiKey: fake.apiKey,
  baseUrl: fake.baseUrl,
  model: "gpt-4o-mini",
  contextTokens: 8_192,
  tokenBudgetPerVideo: 50_000,
  concurrency: 2,
});
let fake: FakeOpenAiApi;

describe("the week at a glance a digest opens with (the model through the openai SDK, Postgres, RabbitMQ)", () => {
  let summariser: SummariserUnderTest;
  const catalog = catalogStandIn(
    [
      { id: "orbiteclips", channelId: ORBIT, title: "Solar eclipse over the desert", hoursAgo: 5 },
      { id: "orbitmoons1", channelId: ORBIT, title: "Moons of Jupiter", hoursAgo: 30 },
      { id: "kitchenecl1", channelId: KITCHEN, title: "Cooking during a solar eclipse", hoursAgo: 10 },
    ],
    { [ORBIT]: "Pocket Orbit", [KITCHEN]: "Copper Pan Kitchen" },
  );

  beforeAll(async () => {
    fake = await startFakeOpenAiApi({
      responder: (request) =>
        request.response_format?.json_schema?.name === "week_glance"
          ? glanceAnswer(request.messages.map((message) => message.content).join("\n"))
          : defaultFakeResponder(request),
    });
    summariser = await startSummariser({
      writer: controlledWriter().writer,
      catalog: catalog.client,
      glanceWriter: createOpenAiGlanceWriter(llmSettings()),
      generateWaitMs: 10_000,
    });
  });
  afterAll(async () => {
    await summariser.stop();
    await fake.close();
  });

  async function newsletterNow(): Promise<{
    glance: { text: string; videoUrls: string[] }[];
    content: string;
  }> {
    const userId = randomUUID();
    const events = digestEvents(summariser.testBus.bus, summariser.database.db);
    const longAgo = daysFrom(new Date(), -30);
    await events.register(userId, { at: longAgo });
    await events.startTrial(userId, daysFrom(new Date(), 3), longAgo);
    await events.follow(userId, ORBIT, "Pocket Orbit", longAgo);
    await events.follow(userId, KITCHEN, "Copper Pan Kitchen", longAgo);
    await events.applied();
    const made = await summariser.app.inject({
      method: "POST",
      url: "/api/generate-newsletter",
      headers: asUser(userId),
      payload: {},
    });
    expect(made.json<{ outcome: string }>().outcome, made.body).toBe("generated");
    const page = await summariser.app.inject({
      method: "GET",
      url: `/api/newsletters/${made.json<{ newsletterId: string }>().newsletterId}`,
      headers: asUser(userId),
    });
    const history = await summariser.app.inject({
      method: "GET",
      url: "/api/newsletters",
      headers: asUser(userId),
    });
    return { glance: page.json().glance, content: history.json()[0].content };
  }

  it("keeps the model's lines that the digest's videos support, and tells no story twice", async () => {
    const { glance, content } = await newsletterNow();
    const prompt = fake.requests.find(
      (request) => request.response_format?.json_schema?.name === "week_glance",
    );
    expect(prompt?.messages[1]?.content).toContain(
      "channel: Copper Pan Kitchen | title: Cooking during a solar eclipse",
    );
    expect(glance[0]).toEqual({
      text: "Pocket Orbit and Copper Pan Kitchen both covered the solar eclipse.",
      videoUrls: [watch("orbiteclips"), watch("kitchenecl1")],
    });
    // Gone: the line citing another week, the one naming neither channel, and the one joining two videos
    // whose summaries share nothing. The embedded writer's lines would only tell the same story again.
    expect(glance).toHaveLength(1);
    expect(JSON.stringify(glance)).not.toMatch(/does not hold|Everyone loved|on the sky/);
    // The history's markdown opens with the same lines, read back by the shared digest reader.
    expect(
      readDigestMarkdown(content).glance?.map((line) => line.sources.map((source) => source.url)),
    ).toEqual(glance.map((line) => line.videoUrls));
  });

  it("is the embedded writer's when the model answers in another shape: the story both channels covered", async () => {
    fake.fail({ kind: "malformed" }, 1);
    const { glance } = await newsletterNow();
    expect(glance[0]).toEqual({
      text: "Pocket Orbit and Copper Pan Kitchen both covered “solar eclipse”.",
      videoUrls: [watch("orbiteclips"), watch("kitchenecl1")],
    });
    // Each channel's newest video is in that story already.
    expect(glance).toHaveLength(1);
  });

  it("asks the model only within the places it shares with the summaries (LLM_CONCURRENCY)", async () => {
    const modelCalls = pLimit(1);
    let release = () => {};
    const summaryCall = modelCalls(() => new Promise<void>((resolve) => (release = resolve)));
    const writer = createOpenAiGlanceWriter(llmSettings(), modelCalls);
    const before = fake.calls;
    const video = (ref: string, channel: string, id: string) => ({
      ref,
      channel,
      title: `A video of ${channel}`,
      url: watch(id),
      keyPoints: ["A point."],
    });
    const writing = writer.write(
      [
        video("v1", "Pocket Orbit", "orbiteclips"),
        video("v2", "Pocket Orbit", "orbitmoons1"),
        video("v3", "Copper Pan Kitchen", "kitchenecl1"),
      ],
      null,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(fake.calls).toBe(before);
    release();
    await summaryCall;
    expect(await writing).toHaveLength(4);
    expect(fake.calls).toBe(before + 1);
  });
});
