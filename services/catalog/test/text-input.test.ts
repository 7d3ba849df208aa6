import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asUser, type CatalogUnderTest, startCatalog } from "./support/catalog-harness.ts";
import { fakeChannel } from "./support/youtube-fixtures.ts";

describe("text sent to catalog (real Postgres, Redis and SDK, fake Data API)", () => {
  let catalog: CatalogUnderTest;
  const acdc = fakeChannel({ title: "AC/..DC tribute", subscriberCount: 7_000 });

  beforeAll(async () => {
    catalog = await startCatalog();
    catalog.fake.addChannel(acdc);
  });
  afterAll(() => catalog.stop());

  it("searches for text holding a slash and dots like any other text", async () => {
    catalog.fake.resetCalls();
    const response = await catalog.app.inject("/api/youtube/search?query=AC%2F..DC");
    expect(response.statusCode).toBe(200);
    expect(catalog.fake.calls.search).toBe(1);
  });

  it("refuses a search with a control character, saying so, and asks YouTube nothing", async () => {
    catalog.fake.resetCalls();
    const response = await catalog.app.inject("/api/youtube/search?query=ab%00cd");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: "Search text must not contain control characters other than tabs and line breaks.",
    });
    expect(catalog.fake.unitsSpent).toBe(0);
  });

  it("takes a pasted tab or line break in a search as spacing", async () => {
    const response = await catalog.app.inject("/api/youtube/search?query=AC%09%0ADC");
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ["title", "Bad\u0000title", "Channel title must be a single line of text without control characters."],
    ["title", "Two\nlines", "Channel title must be a single line of text without control characters."],
    [
      "description",
      "Bad\u0000description",
      "Channel description must not contain control characters other than tabs and line breaks.",
    ],
    [
      "thumbnailUrl",
      "https://x.io/\u0000.jpg",
      "Channel thumbnail address must be a single line of text without control characters.",
    ],
  ])("refuses a channel whose %s holds %j with a 400", async (field, value, message) => {
    const response = await catalog.app.inject({
      method: "POST",
      url: "/api/user/channels",
      headers: asUser(randomUUID()),
      payload: { youtubeChannelId: acdc.id, [field]: value },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it("takes a description with line breaks and tabs", async () => {
    const response = await catalog.app.inject({
      method: "POST",
      url: "/api/user/channels",
      headers: asUser(randomUUID()),
      payload: { youtubeChannelId: acdc.id, title: acdc.title, description: "Line one\r\n\tline two" },
    });
    expect(response.statusCode).toBe(201);
  });
});
