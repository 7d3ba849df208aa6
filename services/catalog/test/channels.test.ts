import { randomUUID } from "node:crypto";
import type { FakeChannel } from "@tubedigest/testing/youtube";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  asUser,
  type CatalogUnderTest,
  deliver,
  planActivated,
  startCatalog,
} from "./support/catalog-harness.ts";
import { fakeChannel } from "./support/youtube-fixtures.ts";

// These tests call catalog directly, so they set the caller header the gateway sets in production.
describe("the signed-in user's channels", () => {
  let catalog: CatalogUnderTest;
  const channels: FakeChannel[] = Array.from({ length: 30 }, (_, i) =>
    fakeChannel({ title: `Listed channel ${i}`, subscriberCount: 1000 + i }),
  );

  beforeAll(async () => {
    catalog = await startCatalog();
    for (const channel of channels) catalog.fake.addChannel(channel);
  });
  afterAll(() => catalog.stop());
  beforeEach(() => catalog.fake.heal());

  const add = (userId: string, youtubeChannelId: string, extra: Record<string, unknown> = {}) =>
    catalog.app.inject({
      method: "POST",
      url: "/api/user/channels",
      headers: asUser(userId),
      payload: { youtubeChannelId, ...extra },
    });
  const list = (userId: string) =>
    catalog.app.inject({ method: "GET", url: "/api/user/channels", headers: asUser(userId) });
  const remove = (userId: string, id: string) =>
    catalog.app.inject({ method: "DELETE", url: `/api/user/channels/${id}`, headers: asUser(userId) });
  const nth = (i: number) => channels[i] as FakeChannel;

  it("adds a channel with YouTube's details, not the client's, and lists it", async () => {
    const user = randomUUID();
    const channel = nth(0);
    const added = await add(user, channel.id, {
      title: "<b>Forged title</b>",
      description: "Forged",
      thumbnailUrl: "https://evil.example/x.png",
      subscriberCount: "999999999",
    });
    expect(added.statusCode).toBe(201);
    const expected = {
      id: channel.id,
      youtubeChannelId: channel.id,
      title: channel.title,
      description: channel.description,
      thumbnailUrl: channel.thumbnailUrl,
      subscriberCount: channel.subscriberCount,
    };
    expect(added.json()).toEqual(expected);
    expect((await list(user)).json()).toEqual([expected]);
  });

  it("adds the same channel twice as once", async () => {
    const user = randomUUID();
    expect((await add(user, nth(1).id)).statusCode).toBe(201);
    const again = await add(user, nth(1).id);
    expect(again.statusCode).toBe(200);
    expect((await list(user)).json()).toHaveLength(1);
  });

  it("takes a channel found by search from the cache, costing no further unit", async () => {
    const search = await catalog.app.inject(
      `/api/youtube/search?query=${encodeURIComponent("Listed channel 2")}`,
    );
    expect(search.statusCode).toBe(200);
    catalog.fake.resetCalls();
    expect((await add(randomUUID(), nth(2).id)).statusCode).toBe(201);
    expect(catalog.fake.calls.channels).toBe(0);
  });

  it("answers a channel YouTube does not know with a 404", async () => {
    const response = await add(randomUUID(), "UCnobodyhasthischannel00");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "We could not find that YouTube channel." });
  });

  it("answers 503 with a message when YouTube cannot be asked about a new channel", async () => {
    const unasked = fakeChannel({ title: "Never searched" });
    catalog.fake.addChannel(unasked);
    catalog.fake.fail("channels", { kind: "serverError" }, 1);
    const response = await add(randomUUID(), unasked.id);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      message: "YouTube is not answering right now. Please try again in a moment.",
    });
  });

  it("removes the user's own channel, and answers 404 for anyone else's", async () => {
    const owner = randomUUID();
    const other = randomUUID();
    await add(owner, nth(3).id);

    const foreign = await remove(other, nth(3).id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ message: "This channel is not in your list." });
    expect((await list(owner)).json()).toHaveLength(1);

    const removed = await remove(owner, nth(3).id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ id: nth(3).id });
    expect((await list(owner)).json()).toEqual([]);
    expect((await remove(owner, nth(3).id)).statusCode).toBe(404);
  });

  it("refuses a sixth channel on the trial with a 403 naming the plan that allows more", async () => {
    const user = randomUUID();
    for (let i = 4; i < 9; i++) expect((await add(user, nth(i).id)).statusCode).toBe(201);
    const sixth = await add(user, nth(9).id);
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json()).toEqual({
      message: "Your free trial allows 5 channels. The Pro plan allows up to 25 channels.",
    });
    // Adding one already in the list is no addition, so the allowance does not stop it.
    expect((await add(user, nth(4).id)).statusCode).toBe(200);
    // Removing one makes room again.
    await remove(user, nth(4).id);
    expect((await add(user, nth(9).id)).statusCode).toBe(201);
  });

  it.each([
    [
      "solo",
      1,
      "Your Solo plan allows 1 channel. The Premium plan allows up to 5 channels, and the Pro plan up to 25.",
    ],
    ["premium", 5, "Your Premium plan allows 5 channels. The Pro plan allows up to 25 channels."],
    ["pro", 25, "Your Pro plan allows 25 channels. Remove a channel to add another."],
  ] as const)(
    "holds the %s plan to the %i channels billing says it allows",
    async (plan, allowance, message) => {
      const user = randomUUID();
      await deliver(catalog, planActivated(user, plan, allowance));
      for (let i = 0; i < allowance; i++) expect((await add(user, nth(i).id)).statusCode).toBe(201);
      const over = await add(user, nth(allowance).id);
      expect(over.statusCode).toBe(403);
      expect(over.json()).toEqual({ message });
    },
  );

  it("lets concurrent adds past the allowance through exactly up to it", async () => {
    const user = randomUUID();
    const responses = await Promise.all(channels.slice(10, 20).map((channel) => add(user, channel.id)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(5);
    expect(responses.filter((response) => response.statusCode === 403)).toHaveLength(5);
    expect((await list(user)).json()).toHaveLength(5);
  });

  it("counts the caller's channels for current-user, and how many the plan allows", async () => {
    const user = randomUUID();
    const summary = () =>
      catalog.app.inject({ method: "GET", url: "/internal/account-summary", headers: asUser(user) });
    expect((await summary()).json()).toEqual({ channelCount: 0, channelAllowance: 5 });
    await add(user, nth(20).id);
    await add(user, nth(21).id);
    expect((await summary()).json()).toEqual({ channelCount: 2, channelAllowance: 5 });
    await deliver(catalog, planActivated(user, "pro", 25));
    expect((await summary()).json()).toEqual({ channelCount: 2, channelAllowance: 25 });
  });

  it.each([
    ["GET", "/api/user/channels"],
    ["POST", "/api/user/channels"],
    ["DELETE", `/api/user/channels/UCaaaaaaaaaaaaaaaaaaaaaa`],
    ["GET", "/internal/account-summary"],
  ] as const)("answers %s %s without a signed-in user with a 401", async (method, url) => {
    const response = await catalog.app.inject({
      method,
      url,
      ...(method === "POST" ? { payload: { youtubeChannelId: nth(0).id } } : {}),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Please sign in to continue." });
  });

  it.each([
    [{}, "Please choose a YouTube channel to add."],
    [{ youtubeChannelId: "not-a-channel" }, "Please choose a YouTube channel to add."],
    [{ youtubeChannelId: 42 }, "Please choose a YouTube channel to add."],
    [{ youtubeChannelId: "UCaaaaaaaaaaaaaaaaaaaaaa", admin: true }, 'Unknown field "admin" in body'],
  ])("refuses the body %j with a 400", async (payload, message) => {
    const response = await catalog.app.inject({
      method: "POST",
      url: "/api/user/channels",
      headers: asUser(randomUUID()),
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });
});
