import { randomUUID } from "node:crypto";
import { readDigestMarkdown } from "@tubedigest/contracts/digest";
import { eventually } from "@tubedigest/testing/eventually";
import { uniqueName } from "@tubedigest/testing/test-infra";
import { beforeAll, describe, expect, it } from "vitest";
import { channelId } from "./support/channel-fixtures.ts";
import { Browser, type Infra, sharedTestStack, type TestStack } from "./test-stack.ts";

const videoId = () => randomUUID().replace(/-/g, "").slice(0, 11);

/**
 * What a reader does with their newsletters beyond reading them, through the gateway on both sets of
 * parts: their delivery time, the week at a glance each newsletter opens with, and the search over what
 * they received.
 */
describe.each<Infra>(["real", "embedded"])(
  "a reader's newsletters through the gateway (%s parts)",
  (infra) => {
    // Both parts for the archive's search, which is Postgres' text search (on PGlite in the embedded
    // product); the rest is the summariser's and the gateway's own code, alike on both.
    const realPartsOnly = it.runIf(infra === "real");
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
      // The shared stack serves the web app's page, for /s/{id}.
      stack = await sharedTestStack(infra);
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
        // A second video on the first channel's story: the glance says what its videos share, and a week
        // whose videos share nothing has none.
        stack.youtube.addVideo({
          id: videoId(),
          channelId: channels[0] ?? "",
          title: "What we saw in the desert",
          description:
            "This video looks back at the total solar eclipse over the desert. It compares three cameras.",
          publishedAt: new Date(Date.now() - 30 * 60_000).toISOString(),
          duration: "PT9M",
        });
      } else {
        const found = await new Browser(stack.gateway).call("GET", "/api/youtube/search?query=demo");
        channels = found
          .json()
          .slice(0, 2)
          .map((hit: { id: string }) => hit.id);
      }
      ({ browser: reader, newsletterId } = await readerWithNewsletter());
    }, 120_000);

    realPartsOnly("keeps the day and hour the reader chose, refusing what is not one", async () => {
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

    realPartsOnly(
      "keeps what the reader cares about, on one line, refusing what is over 280 characters",
      async () => {
        expect((await reader.call("GET", "/api/user/focus")).json()).toEqual({ focus: null });
        const saved = await reader.call("PUT", "/api/user/focus", { focus: " engine design,\n not news " });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json()).toEqual({ focus: "engine design, not news" });
        expect((await reader.call("GET", "/api/user/focus")).json()).toEqual({
          focus: "engine design, not news",
        });
        const refused = await reader.call("PUT", "/api/user/focus", { focus: "a".repeat(281) });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().message).toBe("Please keep what you care about to 280 characters or fewer.");
        expect((await reader.call("PUT", "/api/user/focus", { focus: "" })).json()).toEqual({ focus: null });
        expect((await new Browser(stack.gateway).call("GET", "/api/user/focus")).statusCode).toBe(401);
      },
    );

    realPartsOnly("opens each newsletter with its week at a glance, citing only its own videos", async () => {
      const page = await reader.call("GET", `/api/newsletters/${newsletterId}`);
      expect(page.statusCode, page.body).toBe(200);
      const { glance, channels: mailed } = page.json() as {
        glance: { text: string; videoUrls: string[] }[];
        channels: { videos: { url: string }[] }[];
      };
      expect(glance.length).toBeGreaterThanOrEqual(1);
      expect(glance.length).toBeLessThanOrEqual(5);
      expect(glance.map((line) => line.text).join(" ")).toMatch(/solar eclipse/i);
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
      // Only what was mailed is searchable: the newsletter counts once the mailer has reported it sent.
      const results = await eventually(async () => {
        const found = await reader.call("GET", `/api/archive/search?q=${encodeURIComponent(word ?? "")}`);
        expect(found.statusCode, found.body).toBe(200);
        const hits = found.json().results as {
          newsletterId: string;
          channel: string;
          receivedAt: string;
          video: { title: string; url: string };
          keyPoint: { text: string; moment: { label: string; url: string } | null } | null;
        }[];
        return hits.length > 0 ? hits : undefined;
      }, 30_000);
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

    realPartsOnly(
      "shares one video's summary by an unguessable link whose page previews well and names nobody",
      async () => {
        const page = (await reader.call("GET", `/api/newsletters/${newsletterId}`)).json() as {
          channels: { title: string; videos: { title: string; url: string }[] }[];
        };
        const video = page.channels[0]?.videos[0];
        const shared = await reader.call("POST", "/api/shared-summaries", {
          newsletterId,
          videoUrl: video?.url,
        });
        expect(shared.statusCode, shared.body).toBe(200);
        const { id, path: link } = shared.json() as { id: string; path: string };
        expect(link).toBe(`/s/${id}`);
        expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
        // Sharing it again is the same link; someone else cannot share from this newsletter.
        expect(
          (await reader.call("POST", "/api/shared-summaries", { newsletterId, videoUrl: video?.url })).json()
            .id,
        ).toBe(id);
        const stranger = new Browser(stack.gateway);
        await stranger.call("POST", "/api/auth/register", {
          email: `${uniqueName("sharer")}@example.com`,
          password: "password-for-tests",
        });
        expect(
          (await stranger.call("POST", "/api/shared-summaries", { newsletterId, videoUrl: video?.url }))
            .statusCode,
        ).toBe(404);

        // Anyone reads it, with no session and no cookie set; nothing names the reader.
        const visitor = new Browser(stack.gateway);
        const publicReply = await visitor.call("GET", `/api/shared-summaries/${id}`);
        expect(publicReply.statusCode).toBe(200);
        expect(Object.keys(publicReply.json()).sort()).toEqual([
          "channel",
          "id",
          "publishedAt",
          "summaryMarkdown",
          "title",
          "url",
        ]);
        expect(publicReply.json()).toMatchObject({
          title: video?.title,
          url: video?.url,
          channel: page.channels[0]?.title,
        });
        expect(publicReply.headers["set-cookie"]).toBeUndefined();
        // Kept by no cache, so "Stop Sharing" ends it at once.
        expect(publicReply.headers["cache-control"]).toBe("private, no-store");

        // The page the gateway serves carries the preview's tags in its HTML, for bots that run no script.
        const html = await visitor.call("GET", `/s/${id}`);
        expect(html.statusCode).toBe(200);
        expect(html.headers["content-type"]).toMatch(/^text\/html/);
        expect(html.body).toContain(`<meta property="og:type" content="article" />`);
        expect(html.body).toMatch(/<meta property="og:title" content="[^"]+ — summarised by tubedigest" \/>/);
        expect(html.body).toMatch(/<meta property="og:description" content="[^"]{20,}" \/>/);
        expect(html.body).toContain(`<meta name="robots" content="noindex" />`);
        expect(html.body.match(/<meta name="description"/g)).toHaveLength(1);
        expect(html.body).toContain('<div id="root"></div>');
        expect(html.headers["set-cookie"]).toBeUndefined();
        expect(html.headers["cache-control"]).toBe("private, no-store");
        expect((await visitor.call("GET", `/s/${"x".repeat(22)}`)).statusCode).toBe(404);
        expect((await visitor.call("GET", "/s/not-an-id")).statusCode).toBe(404);

        // Stopped: the link opens nothing any more.
        expect((await stranger.call("DELETE", `/api/shared-summaries/${id}`)).statusCode).toBe(404);
        expect((await reader.call("DELETE", `/api/shared-summaries/${id}`)).statusCode).toBe(200);
        expect((await visitor.call("GET", `/api/shared-summaries/${id}`)).statusCode).toBe(404);
        expect((await visitor.call("GET", `/s/${id}`)).statusCode).toBe(404);
      },
    );

    realPartsOnly(
      "keeps a private feed of the reader's digests at a secret address, moved on reset",
      async () => {
        const made = await reader.call("POST", "/api/user/feed");
        expect(made.statusCode, made.body).toBe(200);
        const feedPath = new URL(made.json().url).pathname;
        expect(feedPath).toMatch(/^\/api\/feeds\/[A-Za-z0-9_-]{43}$/);
        await stack.mailer.deliverDue();
        const feed = await eventually(async () => {
          const reply = await new Browser(stack.gateway).call("GET", feedPath);
          return reply.body.includes("<entry>") ? reply : undefined;
        }, 30_000);
        expect(feed.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
        expect(feed.body).toContain(`<id>urn:uuid:${newsletterId}</id>`);
        const moved = await reader.call("POST", "/api/user/feed/reset");
        expect(new URL(moved.json().url).pathname).not.toBe(feedPath);
        expect((await new Browser(stack.gateway).call("GET", feedPath)).statusCode).toBe(404);
      },
    );
  },
);
