import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { quotaDayOf } from "../src/domain/quota-day.ts";
import { type CatalogUnderTest, startCatalog } from "./support/catalog-harness.ts";
import { fakeChannel } from "./support/youtube-fixtures.ts";

const search = (catalog: CatalogUnderTest, query: string) =>
  catalog.app.inject({ method: "GET", url: `/api/youtube/search?query=${encodeURIComponent(query)}` });

describe("channel search on the YouTube Data API (fake server, real SDK, Postgres, Redis)", () => {
  let catalog: CatalogUnderTest;
  // Added in an order that is not the subscriber order, so sorting is the service's doing.
  const middle = fakeChannel({ title: "Abacus Middle", subscriberCount: 5_000 });
  const small = fakeChannel({ title: "Abacus Small", subscriberCount: 20 });
  const hidden = fakeChannel({ title: "Abacus Hidden", subscriberCount: null });
  // A count of 0 is still a count: it sorts before a hidden one.
  const none = fakeChannel({ title: "Abacus None", subscriberCount: 0 });
  const big = fakeChannel({ title: "Abacus Big", subscriberCount: 3_200_000, handle: "AbacusBig" });
  const handled = fakeChannel({ title: "Handled Elsewhere", handle: "handled.elsewhere" });
  // The same pair the other way round, for a comparator that only gets one order right.
  const noneFirst = fakeChannel({ title: "Zither None", subscriberCount: 0 });
  const hiddenSecond = fakeChannel({ title: "Zither Hidden", subscriberCount: null });

  beforeAll(async () => {
    catalog = await startCatalog();
    for (const channel of [middle, hidden, none, small, big, handled, noneFirst, hiddenSecond]) {
      catalog.fake.addChannel(channel);
    }
  });
  afterAll(() => catalog.stop());
  beforeEach(() => {
    catalog.fake.heal();
    catalog.fake.resetCalls();
  });

  // Mutant: a hidden count sorting as `+1` rather than `-1` on one side of the comparison.
  it("puts a hidden subscriber count after a count of 0, whichever YouTube listed first", async () => {
    const results = (await search(catalog, "zither")).json() as { id: string }[];
    expect(results.map((result) => result.id)).toEqual([noneFirst.id, hiddenSecond.id]);
  });

  it("costs one search.list and one channels.list, then answers from the cache", async () => {
    const first = await search(catalog, "ab");
    expect(first.statusCode).toBe(200);
    expect(catalog.fake.calls).toEqual({ search: 1, channels: 1, playlistItems: 0, videos: 0 });
    // The same query typed differently is the same search.
    const second = await search(catalog, "  AB ");
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(catalog.fake.calls).toEqual({ search: 1, channels: 1, playlistItems: 0, videos: 0 });
  });

  it("answers a channel search result's shape, most subscribers first", async () => {
    const results = (await search(catalog, "abacus")).json() as {
      id: string;
      statistics: { subscriberCount: string };
    }[];
    expect(results.map((result) => result.id)).toEqual([big.id, middle.id, small.id, none.id, hidden.id]);
    expect(results[0]).toEqual({
      id: big.id,
      snippet: {
        title: "Abacus Big",
        description: big.description,
        thumbnails: { default: { url: big.thumbnailUrl } },
      },
      statistics: { subscriberCount: "3200000" },
    });
    expect(results.map((result) => result.statistics.subscriberCount)).toEqual([
      "3200000",
      "5000",
      "20",
      "0",
      "0",
    ]);
  });

  it("books exactly 101 units per search in the ledger of the Pacific-time day, and none for a cached one", async () => {
    const searchUnits = async () => {
      const day = await catalog.database.db
        .selectFrom("quota_ledger")
        .select("search_units")
        .where("day", "=", quotaDayOf(new Date()))
        .executeTakeFirst();
      return day?.search_units ?? 0;
    };
    const before = await searchUnits();
    // A query no other test makes, so it is asked of YouTube whatever ran before.
    expect((await search(catalog, "abacus mid")).statusCode).toBe(200);
    expect(await searchUnits()).toBe(before + 101);
    expect((await search(catalog, "  Abacus MID ")).statusCode).toBe(200);
    expect(await searchUnits()).toBe(before + 101);
  });

  it.each([
    ["a", "Please enter at least 2 characters to search."],
    ["  a  ", "Please enter at least 2 characters to search."],
    ["   ", "Please enter at least 2 characters to search."],
    ["x".repeat(201), "Please enter at most 200 characters to search."],
  ])("refuses the query %j with a 400 and costs nothing", async (query, message) => {
    const response = await search(catalog, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
    expect(catalog.fake.unitsSpent).toBe(0);
  });

  it("refuses a missing query with a 400", async () => {
    const response = await catalog.app.inject("/api/youtube/search");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "Please enter at least 2 characters to search." });
  });

  it.each([
    ["a channel address", () => `https://www.youtube.com/channel/${middle.id}`],
    ["a channel id", () => small.id],
    ["an @handle", () => "@abacusbig"],
    ["a handle address", () => "youtube.com/@Handled.Elsewhere/videos"],
  ])("resolves %s with one channels.list instead of a search, then from the cache", async (_name, query) => {
    const response = await search(catalog, query());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toHaveLength(1);
    expect(await search(catalog, query())).toMatchObject({ statusCode: 200 });
    expect(catalog.fake.calls.search).toBe(0);
    expect(catalog.fake.calls.channels).toBe(1);
  });

  it("answers an unknown channel id with no results", async () => {
    const response = await search(catalog, "UCzzzzzzzzzzzzzzzzzzzzzz");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  // Mutant: lookUp's `channel ? [channel] : []` answering a made-up entry for no channel.
  it("answers an unknown @handle with no results", async () => {
    const response = await search(catalog, "@nobody.has.this.handle");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
  });

  it.each([
    [
      "429 rate limited",
      { kind: "rateLimited" } as const,
      "YouTube is busy right now. Please try again in a minute.",
    ],
    [
      "a 503",
      { kind: "serverError" } as const,
      "YouTube is not answering right now. Please try again in a moment.",
    ],
    [
      "a 500",
      { kind: "serverError", status: 500 } as const,
      "YouTube is not answering right now. Please try again in a moment.",
    ],
    [
      "a slow answer",
      { kind: "slow", delayMs: 1_500 } as const,
      "YouTube is not answering right now. Please try again in a moment.",
    ],
    [
      "malformed JSON",
      { kind: "malformed" } as const,
      "YouTube is not answering right now. Please try again in a moment.",
    ],
    [
      "the wrong shape",
      { kind: "malformed", body: '{"items": 42}' } as const,
      "YouTube is not answering right now. Please try again in a moment.",
    ],
  ])("answers %s with a 503 and a clear message, never a 500", async (_name, fault, message) => {
    catalog.fake.fail("search", fault, 1);
    const response = await search(catalog, `fault ${_name}`);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message });
    // The SDK does not retry behind our back: every retry would be charged 100 units.
    expect(catalog.fake.calls.search).toBe(1);
  });

  it("skips items it cannot read instead of failing the search", async () => {
    catalog.fake.fail(
      "channels",
      {
        kind: "malformed",
        body: JSON.stringify({
          items: [{ id: 7 }, { snippet: {} }, "x", { id: small.id, snippet: { title: "Abacus Small" } }],
        }),
      },
      1,
    );
    const response = await search(catalog, "abacus small");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: small.id,
        snippet: { title: "Abacus Small", description: "", thumbnails: { default: { url: "" } } },
        statistics: { subscriberCount: "0" },
      },
    ]);
  });
});

describe("channel search when the quota is spent", () => {
  let catalog: CatalogUnderTest;
  beforeAll(async () => {
    catalog = await startCatalog();
    catalog.fake.addChannel(fakeChannel({ title: "Quota Cached", subscriberCount: 10 }));
  });
  afterAll(() => catalog.stop());

  it("answers 403 quotaExceeded with a clear 503, stops asking, and still serves cached searches", async () => {
    const cached = await search(catalog, "quota");
    expect(cached.statusCode).toBe(200);

    catalog.fake.fail("any", { kind: "quotaExceeded" });
    const refused = await search(catalog, "something new");
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      message: "YouTube's daily limit for this site is reached. Please try again tomorrow.",
    });

    // YouTube's word is recorded in the ledger: no more calls today, whatever is searched.
    const callsBefore = catalog.fake.calls.search + catalog.fake.calls.channels;
    expect((await search(catalog, "another new one")).statusCode).toBe(503);
    expect(catalog.fake.calls.search + catalog.fake.calls.channels).toBe(callsBefore);

    const again = await search(catalog, "Quota");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(cached.json());
  });
});

describe("channel search within the search budget", () => {
  let catalog: CatalogUnderTest;
  beforeAll(async () => {
    // Room for exactly one search (100 + 1 units); the rest of the day's quota is kept for upload checks.
    catalog = await startCatalog({ youtube: { searchBudgetUnits: 101 } });
    catalog.fake.addChannel(fakeChannel({ title: "Budget One", subscriberCount: 10 }));
  });
  afterAll(() => catalog.stop());

  it("refuses a search the budget cannot take without calling YouTube, and suggests pasting a link", async () => {
    expect((await search(catalog, "budget")).statusCode).toBe(200);
    const refused = await search(catalog, "budget one");
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({
      message:
        "Channel search has reached its limit for today. Please try again tomorrow, or paste a link to the channel.",
    });
    expect(catalog.fake.calls.search).toBe(1);
  });
});
