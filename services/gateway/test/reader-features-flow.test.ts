import { randomUUID } from "node:crypto";
import { readDigestMarkdown } from "@tubedigest/contracts/digest";
import { eventually, uniqueName } from "@tubedigest/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelId } from "./support/channel-fixtures.ts";
import { Browser, type Infra, startTestStack, type TestStack } from "./test-stack.ts";

const videoId = () => randomUUID().replace(/-/g, "").slice(0, 11);

/**
 * What a reader does with their newsletters beyond reading them, through the gateway on both sets of
 * parts: their delivery time, the week at a glance each newsletter opens with, and the search over what
 * they received.
 */
describe.each<Infra>(["real", "embedded"])(
  "a reader's newsletters through the gateway (%s parts)",
  (infra) => {
    let stack: TestStack;
    let channels: string[];
    let reader: Browser;
    let newsletterId: string;

    /** A reader signed up with a password, following `channels`, with this week's newsletter made now. */
    async function readerWithNewsletter(): Promise<{ browser: Browser; newsletterId: string }> {
      const browser = new Browser(stack.gateway);
      const signUp = await browser.call("POST", "/api/auth/register", {
        email: `${uniqueName("reader")}@example.com`,
        password: "password-for-tests",
      });
      expect(signUp.statusCode, signUp.body).toBe(201);
      for (const youtubeChannelId of channels) {
        const followed = await browser.call("POST", "/api/user/channels", { youtubeChannelId });
        expect(followed.statusCode, followed.body).toBe(201);
      }
      const made = await eventually(async () => {
        const reply = await browser.call("POST", "/api/generate-newsletter", {});
        const body = reply.json() as { outcome: string; newsletterId?: string };
        return body.outcome === "generated" ? body.newsletterId : undefined;
      }, 60_000);
      return { browser, newsletterId: made };
    }

    beforeAll(async () => {
      stack = await startTestStack(infra);
      if (stack.youtube) {
        channels = [channelId(), channelId()];
        const topics = ["the total solar eclipse over the desert", "baking bread during a solar eclipse"];
        for (const [i, id] of channels.entries()) {
          stack.youtube.addChannel({ id, title: `Reader fixture ${i}`, subscriberCount: 10 });
          stack.youtube.addVideo({
            id: videoId(),
            channelId: id,
            title: `Solar eclipse, part ${i + 1}`,
            description: `This video is about ${topics[i]}. It explains what the moon does. It ends with a quiz about sourdough.`,
            publishedAt: new Date(Date.now() - (i + 1) * 3_600_000).toISOString(),
            duration: "PT12M",
          });
        }
      } else {
        const found = await new Browser(stack.gateway).call("GET", "/api/youtube/search?query=demo");
        channels = found
          .json()
          .slice(0, 2)
          .map((hit: { id: string }) => hit.id);
      }
      ({ browser: reader, newsletterId } = await readerWithNewsletter());
    }, 120_000);
    afterAll(() => stack.stop());

    it("keeps the day and hour the reader chose, refusing what is not one", async () => {
      const standing = await reader.call("GET", "/api/user/delivery-time");
      expect(standing.statusCode, standing.body).toBe(200);
      expect(standing.json()).toMatchObject({ weekday: 1, hour: 9, timeZone: "UTC" });
      const chosen = await reader.call("PUT", "/api/user/delivery-time", { weekday: 5, hour: 18 });
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(new Date(chosen.json().nextDeliveryAt).getUTCDay()).toBe(5);
      expect((await reader.call("GET", "/api/user/delivery-time")).json()).toMatchObject({
        weekday: 5,
        hour: 18,
      });
      const refused = await reader.call("PUT", "/api/user/delivery-time", { weekday: 9, hour: 18 });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe("Please choose a day of the week.");
      expect((await new Browser(stack.gateway).call("GET", "/api/user/delivery-time")).statusCode).toBe(401);
    });

    it("opens each newsletter with its week at a glance, citing only its own videos", async () => {
      const page = await reader.call("GET", `/api/newsletters/${newsletterId}`);
      expect(page.statusCode, page.body).toBe(200);
      const { glance, channels: mailed } = page.json() as {
        glance: { text: string; videoUrls: string[] }[];
        channels: { videos: { url: string }[] }[];
      };
      expect(glance.length).toBeGreaterThanOrEqual(3);
      expect(glance.length).toBeLessThanOrEqual(5);
      const held = new Set(mailed.flatMap((channel) => channel.videos.map((video) => video.url)));
      for (const line of glance) for (const url of line.videoUrls) expect(held).toContain(url);
      const [item] = (await reader.call("GET", "/api/newsletters")).json();
      expect(readDigestMarkdown(item.content).glance).toHaveLength(glance.length);
    });

    it("finds what the reader received by its words, with the channel, the date and the key point's moment", async () => {
      const page = (await reader.call("GET", `/api/newsletters/${newsletterId}`)).json() as {
        channels: { title: string; videos: { title: string; summaryMarkdown: string }[] }[];
      };
      const video = page.channels[0]?.videos[0];
      const point = readDigestMarkdown(`## c\n\n### v\n\n${video?.summaryMarkdown}`).channels[0]?.videos[0]
        ?.keyPoints[0];
      const word = (point?.text.map((run) => run.text).join("") ?? "")
        .split(/\W+/)
        .find((candidate) => candidate.length >= 6);
      expect(word).toBeDefined();
      const found = await reader.call("GET", `/api/archive/search?q=${encodeURIComponent(word ?? "")}`);
      expect(found.statusCode, found.body).toBe(200);
      const results = found.json().results as {
        newsletterId: string;
        channel: string;
        receivedAt: string;
        video: { title: string; url: string };
        keyPoint: { text: string; moment: { label: string; url: string } | null } | null;
      }[];
      expect(results.length).toBeGreaterThan(0);
      expect(results[0]?.newsletterId).toBe(newsletterId);
      expect(
        results.some((result) => result.keyPoint?.text.toLowerCase().includes(word?.toLowerCase() ?? "")),
      );
      expect(page.channels.map((channel) => channel.title)).toContain(results[0]?.channel);

      // Nobody else's: another reader's search finds nothing of it; nobody signed in is a 401.
      const stranger = new Browser(stack.gateway);
      await stranger.call("POST", "/api/auth/register", {
        email: `${uniqueName("stranger")}@example.com`,
        password: "password-for-tests",
      });
      const theirs = await stranger.call("GET", `/api/archive/search?q=${encodeURIComponent(word ?? "")}`);
      expect(theirs.json().results).toEqual([]);
      expect((await new Browser(stack.gateway).call("GET", "/api/archive/search?q=moon")).statusCode).toBe(
        401,
      );
      const short = await reader.call("GET", "/api/archive/search?q=a");
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toBe("Please type at least 2 characters to search your newsletters.");
    });
  },
);
