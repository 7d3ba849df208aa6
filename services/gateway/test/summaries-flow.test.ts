import { randomUUID } from "node:crypto";
import { eventually } from "@tubedigest/testing/eventually";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { beforeAll, describe, expect, it } from "vitest";
import { channelId } from "./support/channel-fixtures.ts";
import { Browser, type Infra, sharedTestStack, type TestStack } from "./test-stack.ts";

const videoId = () => randomUUID().replace(/-/g, "").slice(0, 11);

describe.each<Infra>(["real", "embedded"])("summaries through the gateway (%s parts)", (infra) => {
  // Both parts for the preview, made from different sources (the demo catalog's transcripts or the Data
  // API's descriptions) and stored; the embedded parts alone for the sample made from the demo catalog.
  // The preview's refusal and the single summary's purchase are alike on both; the purchase runs on the
  // embedded product in tests/browser/subscriber-single-summaries.test.ts. The hidden tool is checked in
  // services/summariser/test/summary-tool.test.ts, through the embedded product in
  // tests/browser/summaries.test.ts, and its limit at the edge (edge-paths, client-address).
  const realPartsOnly = it.runIf(infra === "real");
  let stack: TestStack;
  let channels: { youtubeId: string; title: string }[];
  let watchable: string;

  beforeAll(async () => {
    stack = await sharedTestStack(infra);
    if (stack.youtube) {
      channels = [0, 1].map((i) => ({ youtubeId: channelId(), title: `Summary fixture ${i}` }));
      for (const [i, channel] of channels.entries()) {
        stack.youtube.addChannel({
          id: channel.youtubeId,
          title: channel.title,
          description: "",
          thumbnailUrl: "https://example.invalid/t.jpg",
          subscriberCount: 5,
        });
        for (const n of [1, 2]) {
          const id = videoId();
          stack.youtube.addVideo({
            id,
            channelId: channel.youtubeId,
            title: `Episode ${n} of channel ${i}`,
            description: `Episode ${n} explains how tides follow the moon. It shows a tide table. It ends with a quiz.`,
            publishedAt: new Date(Date.now() - n * 3_600_000).toISOString(),
            duration: "PT12M",
          });
          watchable = id;
        }
      }
    } else {
      const found = await new Browser(stack.gateway).call("GET", "/api/youtube/search?query=demo");
      channels = found
        .json()
        .slice(0, 2)
        .map((hit: { id: string; snippet: { title: string } }) => ({
          youtubeId: hit.id,
          title: hit.snippet.title,
        }));
      // The demo catalog's first channel's beginner's guide (see services/catalog/src/demo).
      watchable = "UBZkHdEg7-z";
    }
  });

  // The real parts' fake Data API has none of the demo catalog's channels the sample features by default.
  it.runIf(infra === "embedded")(
    "gives anyone the landing page's sample newsletter, made from the demo catalog's featured channels",
    async () => {
      const reply = await new Browser(stack.gateway).call("GET", "/api/sample-newsletter");
      expect(reply.statusCode, reply.body).toBe(200);
      const sample = reply.json();
      expect(sample.subject).toMatch(/^Your week of .+: .*Pocket Orbit/);
      expect(sample.content).toContain("## Pocket Orbit");
      expect(sample.content).toMatch(/- \*\*.+\*\* \(\[\d+:\d\d\]\(https:\/\/www\.youtube\.com\/watch\?v=/);
    },
  );

  it("previews two channels' week with real summaries, then answers the same preview from storage", async () => {
    const browser = new Browser(stack.gateway);
    const payload = {
      email: `${uniqueName("preview")}@example.com`,
      channels: channels.map((channel) => ({ ...channel, description: "", thumbnailUrl: "" })),
    };
    const reply = await browser.call("POST", "/api/generate-newsletter-preview", payload);
    expect(reply.statusCode, reply.body).toBe(200);
    const body = reply.json();
    expect(body.pending).toBe(0);
    expect(body.channels.map((channel: { title: string }) => channel.title)).toEqual(
      channels.map((c) => c.title),
    );
    for (const channel of body.channels) expect(channel.videoCount).toBeGreaterThan(0);
    expect(body.content).toMatch(/^# Week of \d{1,2} \w+ \d{4}\n/);
    // The first video in full, three or more key points in bold: readable sentences, not placeholders.
    // The rest are titles under the blur, with no summary: that is what a plan pays for.
    expect((body.content.match(/^- \*\*[A-Z].{20,}\*\*/gm) ?? []).length).toBeGreaterThanOrEqual(3);
    expect(body.content).toContain("_Summarised in your weekly newsletter._");
    if (infra === "embedded") {
      // The demo videos have transcripts: key points link to the moment they are said.
      expect(body.content).toMatch(
        /\(\[\d+:\d\d\]\(https:\/\/www\.youtube\.com\/watch\?v=[\w-]{11}&t=\d+s\)\)/,
      );
    } else {
      // The fake Data API's videos have no captions: said so, under the summary.
      expect(body.content).toContain("_Source: the title and description only._");
    }
    const again = await browser.call("POST", "/api/generate-newsletter-preview", payload);
    expect(again.json().content).toBe(body.content);
  });

  realPartsOnly("refuses a preview without channels in the preview's own words", async () => {
    const reply = await new Browser(stack.gateway).call("POST", "/api/generate-newsletter-preview", {
      email: "a@example.com",
      channels: [],
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      message: "No channels or email found. Please return to the homepage and try again.",
    });
  });

  realPartsOnly(
    "prices a signed-in user's single summary, buys it on confirm in test mode, and lists it; refuses a visitor",
    async () => {
      const videoUrl = `https://www.youtube.com/watch?v=${watchable}`;
      const visitor = new Browser(stack.gateway);
      expect(
        (await visitor.call("POST", "/api/process-individual-video/quote", { videoUrl })).statusCode,
      ).toBe(401);
      expect((await visitor.call("GET", "/api/single-summaries")).statusCode).toBe(401);

      const browser = new Browser(stack.gateway);
      const email = `${uniqueName("buyer")}@example.com`;
      expect(
        (await browser.call("POST", "/api/auth/register", { email, password: "long enough password" }))
          .statusCode,
      ).toBe(201);
      // Billing learns of the account by event; until then it asks to try again in a moment.
      const quoted = await eventually(async () => {
        const reply = await browser.call("POST", "/api/process-individual-video/quote", { videoUrl });
        return reply.statusCode === 503 ? undefined : reply;
      });
      expect(quoted.statusCode, quoted.body).toBe(200);
      expect(quoted.json()).toMatchObject({ videoId: watchable, amountCents: 199, payment: "test" });
      expect((await browser.call("GET", "/api/single-summaries")).json()).toEqual([]);

      const bought = await browser.call("POST", "/api/process-individual-video", {
        quoteId: quoted.json().quoteId,
      });
      expect(bought.statusCode, bought.body).toBe(202);
      expect(bought.json().message).toBe("Your summary will be sent to your e-mail shortly.");
      const ready = await eventually(async () => {
        const [item] = (await browser.call("GET", "/api/single-summaries")).json();
        return item?.status === "ready" ? item : undefined;
      });
      expect(ready).toMatchObject({
        videoId: watchable,
        amountCents: 199,
        charge: "charged",
        testMode: true,
      });
      expect(ready.summary).toMatch(/^- \*\*/);

      const shorts = await browser.call("POST", "/api/process-individual-video/quote", {
        videoUrl: `https://www.youtube.com/shorts/${watchable}`,
      });
      expect(shorts.statusCode).toBe(400);
      expect(shorts.json()).toEqual({ message: "Please enter a valid YouTube video URL" });
    },
  );
});
