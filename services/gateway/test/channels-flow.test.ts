import { defineSubscriptions } from "@tubedigest/bus";
import type { AnyEvent } from "@tubedigest/contracts";
import { eventually } from "@tubedigest/testing/eventually";
import { uniqueName } from "@tubedigest/testing/test-infra";
import type { FakeChannel, FakeYoutubeApi } from "@tubedigest/testing/youtube";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { channelId } from "./support/channel-fixtures.ts";
import { Browser, type Infra, sharedTestStack, startTestStack, type TestStack } from "./test-stack.ts";

const password = "password123";

const fakeChannel = (title: string, subscriberCount: number): FakeChannel => {
  const id = channelId();
  return {
    id,
    title,
    description: `${title}, a channel for tests.`,
    thumbnailUrl: `https://example.invalid/${id}.jpg`,
    subscriberCount,
  };
};

async function signUp(stack: TestStack): Promise<Browser> {
  const browser = new Browser(stack.gateway);
  await browser.call("POST", "/api/auth/register", {
    email: `${uniqueName("viewer")}@example.com`,
    password,
  });
  return browser;
}

describe("channel search through the gateway (real parts, fake YouTube Data API)", () => {
  let stack: TestStack;
  let youtube: FakeYoutubeApi;
  beforeAll(async () => {
    stack = await startTestStack("real", { searchRateLimit: 20 });
    if (!stack.youtube) throw new Error("the real stack talks to the fake Data API");
    youtube = stack.youtube;
    youtube.addChannel(fakeChannel("Abacus Club", 120));
    youtube.addChannel(fakeChannel("Abyss Divers", 98_000));
    youtube.addChannel(fakeChannel("Cabbage Patch", 4_500));
  });
  afterAll(() => stack.stop());

  it("answers a repeated search from the cache, sorted by subscribers, for one search.list and one channels.list", async () => {
    youtube.resetCalls();
    const visitor = new Browser(stack.gateway);
    const first = await visitor.call("GET", "/api/youtube/search?query=ab");
    const second = await visitor.call("GET", "/api/youtube/search?query=%20AB%20");
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    const counts = first
      .json()
      .map((hit: { statistics: { subscriberCount: string } }) => hit.statistics.subscriberCount);
    expect(counts).toEqual([...counts].sort((a: string, b: string) => Number(b) - Number(a)));
    expect(first.json()[0]).toMatchObject({
      snippet: { title: "Abyss Divers" },
      statistics: { subscriberCount: "98000" },
    });
    expect(youtube.calls.search).toBe(1);
    expect(youtube.calls.channels).toBe(1);
  });

  it("refuses a query of fewer than two characters without asking YouTube", async () => {
    youtube.resetCalls();
    const response = await new Browser(stack.gateway).call("GET", "/api/youtube/search?query=%20a%20");
    expect(response.statusCode).toBe(400);
    expect(typeof response.json().message).toBe("string");
    expect(youtube.calls.search).toBe(0);
  });

  it("keeps answering cached searches when the quota is spent, and says so for new ones", async () => {
    await new Browser(stack.gateway).call("GET", "/api/youtube/search?query=cabbage");
    youtube.fail("any", { kind: "quotaExceeded" });
    try {
      const cached = await new Browser(stack.gateway).call("GET", "/api/youtube/search?query=cabbage");
      expect(cached.statusCode).toBe(200);
      expect(cached.json()[0].snippet.title).toBe("Cabbage Patch");
      const fresh = await new Browser(stack.gateway).call("GET", "/api/youtube/search?query=never%20seen");
      expect(fresh.statusCode).toBe(503);
      expect(fresh.json().message).toMatch(/^Channel search has reached its limit/);
    } finally {
      youtube.heal();
    }
  });

  it("lets one client search 20 times a minute, refuses the 21st, and leaves other clients alone", async () => {
    // Client addresses of this test's own, so searches made by earlier tests count against none of them.
    const searchFrom = async (remoteAddress: string) =>
      (await stack.gateway.inject({ url: "/api/youtube/search?query=ab", remoteAddress })).statusCode;
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) statuses.push(await searchFrom("198.51.100.20"));
    expect(statuses).toEqual([...Array(20).fill(200), 429, 429]);
    expect(await searchFrom("198.51.100.21")).toBe(200);
  });
});

describe.each<Infra>(["real", "embedded"])("followed channels through the gateway (%s parts)", (infra) => {
  // Both parts where follows travel through the bus; the allowance is catalog's own check, alike on both.
  const realPartsOnly = it.runIf(infra === "real");
  let stack: TestStack;
  let channels: { id: string; title: string }[];
  const channel = (index: number) => {
    const found = channels[index];
    if (!found) throw new Error(`no channel fixture ${index}`);
    return found;
  };
  const followed: AnyEvent[] = [];

  beforeAll(async () => {
    stack = await sharedTestStack(infra);
    if (stack.youtube) {
      const fixtures = Array.from({ length: 7 }, (_, i) => fakeChannel(`Follow fixture ${i}`, 1_000 + i));
      for (const channel of fixtures) stack.youtube.addChannel(channel);
      channels = fixtures;
    } else {
      // The embedded product answers from the demo catalog shipped in the repo.
      const found = await new Browser(stack.gateway).call("GET", "/api/youtube/search?query=demo");
      channels = found
        .json()
        .map((hit: { id: string; snippet: { title: string } }) => ({ id: hit.id, title: hit.snippet.title }));
    }
    await stack.events.subscribe(
      defineSubscriptions({
        service: uniqueName("observer"),
        queues: {
          follows: {
            events: ["channel.followed", "channel.unfollowed"],
            handlers: {
              "channel.followed": async (event) => {
                followed.push(event);
              },
              "channel.unfollowed": async (event) => {
                followed.push(event);
              },
            },
          },
        },
      }),
    );
  });

  it("follows the channel picked on the landing page once the account exists", async () => {
    const picked = channel(0);
    const browser = new Browser(stack.gateway);
    const email = `${uniqueName("landing")}@example.com`;
    const made = await browser.call("POST", "/api/auth/register-with-email", {
      email,
      // What the browser sends is not trusted for the stored details: catalog asks YouTube.
      channels: [
        {
          youtubeId: picked.id,
          title: "Forged title",
          description: "",
          thumbnailUrl: "javascript:alert(1)",
          subscriberCount: "1",
        },
      ],
    });
    expect(made.statusCode).toBe(201);
    expect((await browser.call("POST", "/api/auth/login-with-email", { email })).statusCode).toBe(200);

    const list = await eventually<{ id: string; title: string; thumbnailUrl: string }[]>(async () => {
      const response = await browser.call("GET", "/api/user/channels");
      return response.json().length > 0 ? response.json() : undefined;
    });
    expect(list).toMatchObject([{ id: picked.id, title: picked.title }]);
    expect(list[0]?.thumbnailUrl).not.toContain("javascript");
    expect((await browser.call("GET", "/api/auth/current-user")).json()).toMatchObject({
      email,
      channelCount: 1,
    });
  });

  it("adds idempotently, announces once, and removes only the caller's own channels", async () => {
    const owner = await signUp(stack);
    const stranger = await signUp(stack);
    const followedChannel = channel(1);
    const body = {
      youtubeChannelId: followedChannel.id,
      title: "x",
      description: "",
      thumbnailUrl: "x",
      subscriberCount: 1,
    };

    expect((await new Browser(stack.gateway).call("POST", "/api/user/channels", body)).statusCode).toBe(401);
    expect((await owner.call("POST", "/api/user/channels", body)).statusCode).toBe(201);
    expect((await owner.call("POST", "/api/user/channels", body)).statusCode).toBe(200);
    expect((await owner.call("GET", "/api/user/channels")).json()).toHaveLength(1);

    expect((await stranger.call("DELETE", `/api/user/channels/${followedChannel.id}`)).statusCode).toBe(404);
    expect((await owner.call("GET", "/api/user/channels")).json()).toHaveLength(1);
    expect((await owner.call("DELETE", `/api/user/channels/${followedChannel.id}`)).statusCode).toBe(200);
    expect((await owner.call("GET", "/api/user/channels")).json()).toHaveLength(0);

    const mine = await eventually(() => {
      const events = followed.filter(
        (event) => "youtubeChannelId" in event.data && event.data.youtubeChannelId === followedChannel.id,
      );
      return events.length >= 2 ? events : undefined;
    });
    // Catalog publishes in the order it wrote: once a follow made after these is announced, a second
    // announcement of either would have been too.
    const later = channel(2);
    expect(
      (await owner.call("POST", "/api/user/channels", { ...body, youtubeChannelId: later.id })).statusCode,
    ).toBe(201);
    await eventually(() =>
      followed.find((event) => "youtubeChannelId" in event.data && event.data.youtubeChannelId === later.id),
    );
    expect(
      followed
        .filter(
          (event) => "youtubeChannelId" in event.data && event.data.youtubeChannelId === followedChannel.id,
        )
        .map((event) => event.name),
    ).toEqual(["channel.followed", "channel.unfollowed"]);
    expect(mine[0]?.data).toMatchObject({
      youtubeChannelId: followedChannel.id,
      title: followedChannel.title,
    });
  });

  realPartsOnly(
    "refuses a channel past the trial's allowance and names the plan that allows more",
    async () => {
      const browser = await signUp(stack);
      for (const channel of channels.slice(0, 5)) {
        const added = await browser.call("POST", "/api/user/channels", {
          youtubeChannelId: channel.id,
          title: "",
          description: "",
          thumbnailUrl: "",
          subscriberCount: 0,
        });
        expect(added.statusCode).toBe(201);
      }
      const sixth = await browser.call("POST", "/api/user/channels", {
        youtubeChannelId: channel(5).id,
        title: "",
        description: "",
        thumbnailUrl: "",
        subscriberCount: 0,
      });
      expect(sixth.statusCode).toBe(403);
      expect(sixth.json().message).toMatch(/Pro plan allows up to 25 channels/);
    },
  );
});
